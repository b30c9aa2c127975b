/** The Emscripten module of the core (build/wasm, web/src/generated/blcore.mjs): the C ABI as JavaScript sees it. */
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

/** The bl_describe version the page reads (kDescribeVersion of the core it was built with). */
export const DESCRIBE_VERSION: number;
/** Every C ABI function the binding calls, as exported names ("_bl_create"). */
export const ABI_FUNCTIONS: readonly string[];
/** The ABI functions (without "_") a loaded module lacks; [] when it has them all. */
export function missingFunctions(m: unknown): string[];
/** Why a parsed bl_describe document cannot serve the page (another version, no groups), or null. */
export function describeProblem(doc: unknown): string | null;

export const RUN: {
  readonly REACHED: 0;
  readonly EVENT_LIMIT: 1;
  readonly FINISHED: 2;
  readonly BUDGET: 3;
  readonly ERROR: -1;
};

/** One problem bl_check found: the field's path ("" for the document), what is wrong, the value
 *  given, and what is allowed (range for numbers, options for choices) and what it defaults to. */
export interface CheckProblem {
  path: string;
  /** "field" (a field on its own), "rule" (between fields), "budget" (the work budget),
   *  "unchecked" (a check the other problems left without a meaning: nothing to mend at its
   *  path), "unknown" (a live change's entity or key). */
  code?: 'field' | 'rule' | 'budget' | 'unchecked' | 'unknown';
  message: string;
  value: unknown;
  range: { min: number; max: number; unit: string; integer?: boolean } | null;
  options: string[] | null;
  default: unknown;
}
export interface CheckResult {
  ok: boolean;
  problems: CheckProblem[];
}

export class BlBinding {
  constructor(m: BlCoreModule);
  readonly m: BlCoreModule;
  lastError(): string;
  describe(): unknown;
  /** Every problem of the scenario at once (bl_check); creates nothing. */
  check(scenarioJson: string): CheckResult;
  /** Returns a handle, or throws the core's error (also as .blError). */
  create(scenarioJson: string): number;
  runUntil(h: number, until: number, maxEvents: number): number;
  now(h: number): number;
  events(h: number): number;
  /** null when applied, else the core's reason. */
  setParam(h: number, entity: string, key: string, value: number): string | null;
  /** The last setParam's refusal in bl_check's shape (range in SI units), or null when it applied. */
  setParamProblem(): CheckProblem | null;
  columns(h: number): string[];
  /** Everything recorded since the last drain, as a fresh ArrayBuffer (transferable). */
  drain(h: number): ArrayBuffer;
  discard(h: number): void;
  summary(h: number): unknown;
  manifest(h: number): unknown;
  destroy(h: number): void;
  fluid(fn: 'fluid' | 'steady', paramsJson: string): string;
  memoryBytes(): number;
}
