// Bottleneck Lab: the WebAssembly core under Node, for tests, the benchmark and scripts.
//
//   import { loadBlCore } from './blcore.mjs';
//   const core = await loadBlCore();              // build/wasm/blcore.{mjs,wasm}
//   const sim = core.create({ version: 1, duration: 5 });
//   sim.runUntil(5); const summary = sim.summary(); sim.destroy();
//
// An object per simulation over the binding the page's worker uses too
// (wasm-core/js/binding.mjs: strings in and out of WASM memory, failures as exceptions carrying
// bl_last_error()) and the metric-block parser (wasm-core/js/block.mjs), the core's JavaScript
// face, which imports nothing of the page. Build the module
// first with `npm run build:wasm` (scripts/build-wasm.sh).
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { BlBinding, RUN, describeProblem, missingFunctions } from '../js/binding.mjs';
import { eventList, parseBlock as parseColumns } from '../js/block.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
export const defaultWasmDir = path.resolve(here, '../../build/wasm');

export const BL_RUN = RUN;
export const EVENT_KIND = Object.freeze({ 1: 'drop', 2: 'timeout', 3: 'fastRetransmit', 4: 'paramChange' });
export const DROP_REASON = Object.freeze({ 1: 'overflow', 2: 'early', 3: 'deadline', 4: 'exogenous' });

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
  // A build from older sources than this checkout fails here, named, not later in some test.
  const missing = missingFunctions(M);
  if (missing.length) throw new Error(`blcore: ${glue} lacks ${missing.join(', ')}; run \`npm run build:wasm\``);
  const core = new BlCore(M);
  const problem = describeProblem(core.describe());
  if (problem) throw new Error(`blcore: ${dir}: ${problem}; run \`npm run build:wasm\``);
  return core;
}

export class BlCore {
  constructor(M) {
    this.M = M;
    this.binding = new BlBinding(M);
  }

  lastError() {
    return this.binding.lastError();
  }

  /** scenario: an object or a JSON string. Throws with the core's message if refused. */
  create(scenario) {
    const json = typeof scenario === 'string' ? scenario : JSON.stringify(scenario);
    let handle;
    try {
      handle = this.binding.create(json);
    } catch (e) {
      const err = new Error(`bl_create: ${e.blError || 'failed'}`);
      err.blError = e.blError;
      throw err;
    }
    return new Sim(this, handle);
  }

  /** Every problem of a scenario (object or JSON string) at once, without creating it (bl_check). */
  check(scenario) {
    return this.binding.check(typeof scenario === 'string' ? scenario : JSON.stringify(scenario));
  }

  /** The parameter specs (bl_describe), parsed. */
  describe() {
    return this.binding.describe();
  }

  /** Bytes of WASM linear memory now (it only grows). */
  memoryBytes() {
    return this.binding.memoryBytes();
  }
}

export class Sim {
  constructor(core, handle) {
    this.core = core;
    this.b = core.binding;
    this.handle = handle;
  }

  /** Advances to `until` seconds (or maxEvents events); returns a BL_RUN status. Throws the core's
   *  error, and when the run has outgrown its work budget (BL_RUN.BUDGET: it will not go on). */
  runUntil(until, maxEvents = 0) {
    const status = this.b.runUntil(this.handle, until, maxEvents);
    if (status < 0 || status === BL_RUN.BUDGET) throw this.b.fail('bl_run_until');
    return status;
  }

  /** Runs to the end of the scenario, in slices so a caller could interleave work. */
  runToEnd(slice = 1e7) {
    while (this.runUntil(Infinity, slice) !== BL_RUN.FINISHED);
  }

  now() {
    return this.b.now(this.handle);
  }

  events() {
    return this.b.events(this.handle);
  }

  setParam(entity, key, value) {
    const err = this.b.setParam(this.handle, entity, key, value);
    if (err !== null) {
      const e = new Error(`bl_set_param(${entity}, ${key}, ${value}): ${err}`);
      e.blError = err;
      throw e;
    }
  }

  columns() {
    return this.b.columns(this.handle);
  }

  summary() {
    return this.b.summary(this.handle);
  }

  /** What the built run has, now (bl_manifest; docs/scenario.md, "The manifest"). */
  manifest() {
    return this.b.manifest(this.handle);
  }

  /** Everything recorded since the last drain: { rows, cols, samples, events (objects), bytes }. */
  drain() {
    return parseBlock(new Uint8Array(this.b.drain(this.handle)));
  }

  destroy() {
    if (this.handle > 0) this.b.destroy(this.handle);
    this.handle = 0;
  }
}

/** Parses one metric block (a Uint8Array): { rows, cols, samples, events as objects, bytes }. */
export function parseBlock(bytes) {
  const b = parseColumns(bytes);
  return { rows: b.rows, cols: b.cols, samples: b.samples, events: eventList(b.events), bytes };
}
