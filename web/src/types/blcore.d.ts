// The Emscripten module built by `npm run build:wasm` (web/src/generated/blcore.mjs).
declare module '*/generated/blcore.mjs' {
  export type BlCoreModule = import('../../../wasm-core/js/binding.mjs').BlCoreModule;
  const createBlCore: (opts?: {
    locateFile?: (path: string, prefix: string) => string;
    wasmBinary?: ArrayBuffer | Uint8Array;
  }) => Promise<BlCoreModule>;
  export default createBlCore;
}
