// Bottleneck Lab: the WebAssembly core under Node, for tests, the benchmark and scripts.
//
//   import { loadBlCore } from './blcore.mjs';
//   const core = await loadBlCore();              // build/wasm/blcore.{mjs,wasm}
//   const sim = core.create({ version: 1, duration: 5 });
//   sim.runUntil(5); const summary = sim.summary(); sim.destroy();
//
// A thin layer over the C ABI (wasm-core/include/bl/abi.h): strings are copied in and out
// of WASM memory here, binary metric blocks are parsed (docs/scenario.md, "Metric blocks")
// and failures become exceptions carrying bl_last_error(). Build the module first with
// `npm run build:wasm` (scripts/build-wasm.sh).
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
export const defaultWasmDir = path.resolve(here, '../../build/wasm');

export const BL_RUN = Object.freeze({ REACHED: 0, EVENT_LIMIT: 1, FINISHED: 2, ERROR: -1 });
export const EVENT_KIND = Object.freeze({ 1: 'drop', 2: 'timeout', 3: 'fastRetransmit', 4: 'paramChange' });
export const DROP_REASON = Object.freeze({ 1: 'overflow', 2: 'early', 3: 'deadline', 4: 'exogenous' });
const BLOCK_MAGIC = 0x314b4c42;
const EVENT_BYTES = 24;

/** Loads the module from `dir` (blcore.mjs + blcore.wasm, as written by build-wasm.sh). */
export async function loadBlCore({ dir = process.env.BL_WASM_DIR || defaultWasmDir } = {}) {
  const glue = path.join(dir, 'blcore.mjs');
  const wasm = path.join(dir, 'blcore.wasm');
  if (!fs.existsSync(glue) || !fs.existsSync(wasm)) {
    throw new Error(`blcore: ${glue} or ${wasm} is missing; run \`npm run build:wasm\``);
  }
  const { default: createBlCore } = await import(pathToFileURL(glue).href);
  // Emscripten 3.1.6 cannot fetch a file path under Node: hand it the bytes.
  const M = await createBlCore({ wasmBinary: fs.readFileSync(wasm) });
  return new BlCore(M);
}

export class BlCore {
  constructor(M) {
    this.M = M;
  }

  /** Calls fn with each string argument copied into WASM memory (freed afterwards). */
  withStrings(strings, fn) {
    const { M } = this;
    const ptrs = strings.map((s) => {
      const n = M.lengthBytesUTF8(s) + 1;
      const p = M._malloc(n);
      M.stringToUTF8(s, p, n);
      return p;
    });
    try {
      return fn(...ptrs);
    } finally {
      ptrs.forEach((p) => M._free(p));
    }
  }

  lastError() {
    return this.M.UTF8ToString(this.M._bl_last_error());
  }

  fail(what) {
    const e = new Error(`${what}: ${this.lastError() || 'failed'}`);
    e.blError = this.lastError();
    return e;
  }

  /** scenario: an object or a JSON string. Throws with the core's message if refused. */
  create(scenario) {
    const json = typeof scenario === 'string' ? scenario : JSON.stringify(scenario);
    const handle = this.withStrings([json], (p) => this.M._bl_create(p));
    if (handle <= 0) throw this.fail('bl_create');
    return new Sim(this, handle);
  }

  /** The parameter specs (bl_describe), parsed. */
  describe() {
    return JSON.parse(this.M.UTF8ToString(this.M._bl_describe()));
  }

  /** Bytes of WASM linear memory now (it only grows). */
  memoryBytes() {
    return this.M.HEAPU8.length;
  }
}

export class Sim {
  constructor(core, handle) {
    this.core = core;
    this.M = core.M;
    this.handle = handle;
  }

  /** Advances to `until` seconds (or maxEvents events); returns a BL_RUN status. */
  runUntil(until, maxEvents = 0) {
    const status = this.M._bl_run_until(this.handle, until, maxEvents >>> 0);
    if (status < 0) throw this.core.fail('bl_run_until');
    return status;
  }

  /** Runs to the end of the scenario, in slices so a caller could interleave work. */
  runToEnd(slice = 1e7) {
    while (this.runUntil(Infinity, slice) !== BL_RUN.FINISHED);
  }

  now() {
    return this.M._bl_now(this.handle);
  }

  events() {
    return this.M._bl_events(this.handle);
  }

  setParam(entity, key, value) {
    const rc = this.core.withStrings([entity, key], (e, k) =>
      this.M._bl_set_param(this.handle, e, k, value));
    if (rc !== 0) throw this.core.fail(`bl_set_param(${entity}, ${key}, ${value})`);
  }

  columns() {
    return JSON.parse(this.M.UTF8ToString(this.M._bl_columns(this.handle)));
  }

  summary() {
    const p = this.M._bl_summary(this.handle);
    if (!p) throw this.core.fail('bl_summary');
    return JSON.parse(this.M.UTF8ToString(p));
  }

  /** Everything recorded since the last drain: { rows, cols, samples, events, bytes }. */
  drain() {
    const n = this.M._bl_drain(this.handle);
    const ptr = this.M._bl_drain_ptr(this.handle);
    const bytes = this.M.HEAPU8.slice(ptr, ptr + n); // copy out before the next call
    return parseBlock(bytes);
  }

  destroy() {
    if (this.handle > 0) this.M._bl_destroy(this.handle);
    this.handle = 0;
  }
}

/** Parses one metric block (a Uint8Array that owns its buffer from offset 0). */
export function parseBlock(bytes) {
  if (bytes.length < 16) throw new Error(`metric block too short: ${bytes.length} bytes`);
  const dv = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const magic = dv.getUint32(0, true);
  if (magic !== BLOCK_MAGIC) throw new Error(`metric block: bad magic 0x${magic.toString(16)}`);
  const rows = dv.getUint32(4, true);
  const cols = dv.getUint32(8, true);
  const nEvents = dv.getUint32(12, true);
  const sampleEnd = 16 + rows * cols * 8;
  const want = sampleEnd + nEvents * EVENT_BYTES;
  if (bytes.length !== want) {
    throw new Error(`metric block: ${bytes.length} bytes, header says ${want}`);
  }
  const samples = new Float64Array(rows * cols);
  for (let i = 0; i < samples.length; i++) samples[i] = dv.getFloat64(16 + i * 8, true);
  const events = [];
  for (let i = 0, o = sampleEnd; i < nEvents; i++, o += EVENT_BYTES) {
    events.push({
      t: dv.getFloat64(o, true),
      kind: dv.getUint32(o + 8, true),
      flow: dv.getInt32(o + 12, true),
      link: dv.getInt32(o + 16, true),
      reason: dv.getUint32(o + 20, true),
    });
  }
  return { rows, cols, samples, events, bytes };
}
