// The Emscripten module built by `npm run build:wasm` (web/src/generated/blcore.mjs).
declare module '*/generated/blcore.mjs' {
  export interface BlCoreModule {
    _bl_create(scenarioPtr: number): number;
    _bl_run_until(handle: number, until: number, maxEvents: number): number;
    _bl_now(handle: number): number;
    _bl_events(handle: number): number;
    _bl_set_param(handle: number, entityPtr: number, keyPtr: number, value: number): number;
    _bl_set_param_problem(): number;
    _bl_columns(handle: number): number;
    _bl_drain(handle: number): number;
    _bl_drain_ptr(handle: number): number;
    _bl_summary(handle: number): number;
    _bl_manifest(handle: number): number;
    _bl_describe(): number;
    _bl_check(scenarioPtr: number): number;
    _bl_last_error(): number;
    _bl_destroy(handle: number): void;
    _bl_fluid(paramsPtr: number): number;
    _bl_fluid_steady(paramsPtr: number): number;
    _malloc(n: number): number;
    _free(p: number): void;
    UTF8ToString(ptr: number): string;
    stringToUTF8(s: string, ptr: number, max: number): void;
    lengthBytesUTF8(s: string): number;
    HEAPU8: Uint8Array;
  }
  const createBlCore: (opts?: {
    locateFile?: (path: string, prefix: string) => string;
    wasmBinary?: ArrayBuffer | Uint8Array;
  }) => Promise<BlCoreModule>;
  export default createBlCore;
}
