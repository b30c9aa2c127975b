// The Emscripten module built by `npm run build:wasm` (web/src/generated/blcore.mjs).
declare module '*/generated/blcore.mjs' {
  export type BlCoreModule = import('../../../wasm-core/js/binding.mjs').BlCoreModule;
  const createBlCore: (opts?: {
    locateFile?: (path: string, prefix: string) => string;
    wasmBinary?: ArrayBuffer | Uint8Array;
    /** Instantiates the module itself: calls `receive` with the instance, returns {} at once. */
    instantiateWasm?: (
      imports: WebAssembly.Imports,
      receive: (instance: WebAssembly.Instance, module: WebAssembly.Module) => void,
    ) => object;
  }) => Promise<BlCoreModule>;
  export default createBlCore;
}
