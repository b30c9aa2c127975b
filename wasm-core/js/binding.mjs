// A thin layer over the C ABI (wasm-core/include/bl/abi.h) of the Emscripten module: strings
// go in as malloc'd UTF-8 and come out copied at once, drained blocks are copied out of WASM
// memory, and a refusal becomes an Error carrying bl_last_error(). The one binding: the
// page's worker (web/src/worker) and the Node loader (wasm-core/node/blcore.mjs) both use it;
// types in binding.d.mts. It takes the module as loaded, so it has no idea where it runs.

/**
 * The bl_describe document version this binding and the page read (wasm-core/src/sim/schema.h,
 * kDescribeVersion; binding.test.ts keeps the two equal). A core that describes another version
 * was built from other sources than the page: its specs cannot be trusted to mean what the page
 * thinks, so it is refused whole rather than half read.
 */
export const DESCRIBE_VERSION = 4;

/** Every C ABI function this binding calls (wasm-core/include/bl/abi.h), as the module exports it. */
export const ABI_FUNCTIONS = Object.freeze([
  '_bl_create',
  '_bl_check',
  '_bl_run_until',
  '_bl_now',
  '_bl_events',
  '_bl_set_param',
  '_bl_set_param_problem',
  '_bl_columns',
  '_bl_drain',
  '_bl_drain_ptr',
  '_bl_summary',
  '_bl_manifest',
  '_bl_describe',
  '_bl_last_error',
  '_bl_destroy',
  '_bl_fluid',
  '_bl_fluid_steady',
  '_malloc',
  '_free',
]);

/**
 * The ABI functions a loaded module lacks ([] when it has them all). Emscripten's glue defines a
 * function per export it was linked with: an older build's glue misses the newer ones. (A .wasm
 * file that does not go with its glue fails to instantiate: its imports differ.)
 */
export function missingFunctions(m) {
  return ABI_FUNCTIONS.filter((f) => typeof m?.[f] !== 'function').map((f) => f.slice(1));
}

/**
 * Why a parsed bl_describe document cannot serve this page (null: it can): not an object, of
 * another version, or without groups of specs.
 */
export function describeProblem(doc) {
  if (doc === null || typeof doc !== 'object' || Array.isArray(doc))
    return `bl_describe gave no document (${Array.isArray(doc) ? 'a list' : typeof doc}), not version ${DESCRIBE_VERSION}`;
  if (doc.version !== DESCRIBE_VERSION)
    return `the core describes its parameters in version ${doc.version === undefined ? '(none)' : JSON.stringify(doc.version)}; this page reads version ${DESCRIBE_VERSION}`;
  const groups = doc.groups;
  if (groups === null || typeof groups !== 'object' || Object.keys(groups).length === 0)
    return 'bl_describe lists no parameter groups';
  return null;
}

/** bl_run_until's answers. */
export const RUN = Object.freeze({ REACHED: 0, EVENT_LIMIT: 1, FINISHED: 2, BUDGET: 3, ERROR: -1 });

export class BlBinding {
  constructor(m) {
    this.m = m;
  }

  /** Calls f with each string copied into WASM memory (freed afterwards). */
  withStrings(strs, f) {
    const ptrs = strs.map((s) => {
      const n = this.m.lengthBytesUTF8(s) + 1;
      const p = this.m._malloc(n);
      this.m.stringToUTF8(s, p, n);
      return p;
    });
    try {
      return f(ptrs);
    } finally {
      for (const p of ptrs) this.m._free(p);
    }
  }

  str(ptr) {
    return ptr ? this.m.UTF8ToString(ptr) : '';
  }

  lastError() {
    return this.str(this.m._bl_last_error());
  }

  /** An Error for a failed call: "<what>: <the core's message>", the message also as .blError. */
  fail(what) {
    const msg = this.lastError();
    const e = new Error(what ? `${what}: ${msg || 'failed'}` : msg || 'failed');
    e.blError = msg;
    return e;
  }

  /** The parameter specs (bl_describe), parsed. */
  describe() {
    return JSON.parse(this.str(this.m._bl_describe()));
  }

  /** Every problem of a scenario (JSON text), parsed: {ok, problems: [{path, message, value,
   *  range, options, default}]} (bl_check). Creates nothing. */
  check(scenarioJson) {
    return JSON.parse(this.withStrings([scenarioJson], ([p]) => this.str(this.m._bl_check(p))));
  }

  /** A handle for a new simulation of the scenario (JSON text); throws the core's error. */
  create(scenarioJson) {
    const h = this.withStrings([scenarioJson], ([p]) => this.m._bl_create(p));
    if (h <= 0) throw this.fail('');
    return h;
  }

  /** Advances to `until` seconds or maxEvents events; returns one of RUN. */
  runUntil(h, until, maxEvents) {
    return this.m._bl_run_until(h, until, maxEvents >>> 0);
  }

  now(h) {
    return this.m._bl_now(h);
  }

  events(h) {
    return this.m._bl_events(h);
  }

  /** A live change; null when applied, else the core's reason. */
  setParam(h, entity, key, value) {
    // A C string ends at NUL: "flow.1\0x" would reach the core as "flow.1". Refuse it whole.
    if (entity.includes('\0') || key.includes('\0'))
      return `${JSON.stringify(entity)}.${JSON.stringify(key)}: NUL is not allowed in a name`;
    const rc = this.withStrings([entity, key], ([e, k]) => this.m._bl_set_param(h, e, k, value));
    return rc === 0 ? null : this.lastError() || `setParam ${entity}/${key} failed`;
  }

  /** The last setParam's refusal as one problem in bl_check's shape (path "flow.2.exoLoss", code,
   *  message, value, range in SI units), or null when it applied its change (bl_set_param_problem). */
  setParamProblem() {
    return JSON.parse(this.str(this.m._bl_set_param_problem()) || 'null');
  }

  columns(h) {
    return JSON.parse(this.str(this.m._bl_columns(h)));
  }

  /** Everything recorded since the last drain, copied into a fresh ArrayBuffer (transferable). */
  drain(h) {
    const len = this.m._bl_drain(h);
    const ptr = this.m._bl_drain_ptr(h);
    return this.m.HEAPU8.slice(ptr, ptr + len).buffer;
  }

  /** Drops everything recorded since the last drain without copying it (headless runs). */
  discard(h) {
    this.m._bl_drain(h);
  }

  /** The run's summary, parsed; throws the core's error. */
  summary(h) {
    const p = this.m._bl_summary(h);
    if (!p) throw this.fail('bl_summary');
    return JSON.parse(this.str(p));
  }

  /** What the built run has, now (bl_manifest), parsed: its flows, links, queues, loss models,
   *  the current value of every live parameter and the live changes so far; throws the core's error. */
  manifest(h) {
    const p = this.m._bl_manifest(h);
    if (!p) throw this.fail('bl_manifest');
    return JSON.parse(this.str(p));
  }

  destroy(h) {
    this.m._bl_destroy(h);
  }

  /** The fluid model (docs/fluid-model.md): the result text, or {"error": ...}. */
  fluid(fn, paramsJson) {
    return this.withStrings([paramsJson], ([p]) =>
      this.str(fn === 'fluid' ? this.m._bl_fluid(p) : this.m._bl_fluid_steady(p)),
    );
  }

  /** Bytes of WASM linear memory now (it only grows). */
  memoryBytes() {
    return this.m.HEAPU8.length;
  }
}
