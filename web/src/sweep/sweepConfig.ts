// What a sweep is (the form, the URL keys) and its expansion into runs: a base scenario, one
// swept path with its values, an optional series axis (one plotted line per value, e.g. the
// window rule sd vs lasd), fixed changes, seeds, and the run length.
import type { Json, ParamSpec, Scenario } from '../params/types';
import { findSpec, limitOf } from '../params/specs';
import { cartesian, parseValue, pathKeys, setPath } from '../../../wasm-core/js/grid.mjs';

export const MEASURES = ['ratio', 'throughput', 'loss', 'timeouts', 'jain'] as const;
export type Measure = (typeof MEASURES)[number];

export const MEASURE_LABELS: Record<Measure, string> = {
  ratio: 'relative throughput of flow k (vs the mean of the others)',
  throughput: "flow k's throughput against its loss-event rate",
  loss: 'loss-event rate against the sum of weights',
  timeouts: "flow k's timeouts",
  jain: "Jain's index over the measured window",
};

export function isMeasure(s: string): s is Measure {
  return (MEASURES as readonly string[]).includes(s);
}

export interface SweepConfig {
  /** A preset id, or "current" for the scenario the app holds. */
  base: string;
  /** The swept path, dotted with [i] indices: "flowOverrides[0].weight", "exoLoss.rate". */
  param: string;
  /** "1,2,5,10" (a list) or "1:100:7" (from:to:count, linear or, with `log`, geometric). */
  values: string;
  log: boolean;
  /** The series path ("" = one series) and its values, comma separated ("sd,lasd"). */
  series: string;
  seriesValues: string;
  /** Fixed changes for every run: "path=value" joined by ";". */
  fixed: string;
  measure: Measure;
  /** The measured flow. */
  flow: number;
  /** Simulated seconds per run, and where the measurement starts. */
  duration: number;
  measureFrom: number;
  /** Runs per point, seeds 1..seeds. */
  seeds: number;
  /** Parallel web workers; 0 = min(4, max(1, hardwareConcurrency - 1)). */
  workers: number;
}

export const DEFAULT_SWEEP: SweepConfig = {
  base: 'sd-10mbps',
  param: 'flowOverrides[0].weight',
  values: '1,2,5,10,20,50,100',
  log: true,
  series: 'flows.cc',
  seriesValues: 'sd,lasd',
  fixed: '',
  measure: 'ratio',
  flow: 0,
  duration: 120,
  measureFrom: 20,
  seeds: 1,
  workers: 0,
};

export const MAX_RUNS = 2000;
/** The sweep runner's own bounds (not the core's): seeds per point and parallel workers. */
const MAX_SEEDS = 100;
const MAX_WORKERS = 16;

export type SweepNumberSpecs = Partial<Record<'flow' | 'duration' | 'measureFrom' | 'seeds' | 'workers', ParamSpec>>;

/**
 * The spec each numeric setting is read and checked against (the form and the URL). The run length and where the measurement
 * starts are the scenario's own fields (their specs in the describe document); the measured flow
 * is a flow number under the core's flow limit; seeds and workers are settings of the sweep
 * runner, which the core does not have.
 */
export function sweepNumberSpecs(specs: readonly ParamSpec[] | undefined): SweepNumberSpecs {
  const out: SweepNumberSpecs = {};
  const own = (key: string, label: string, min: number, max?: number): ParamSpec => ({
    key,
    label,
    unit: '',
    type: 'integer',
    default: min,
    min,
    ...(max === undefined ? {} : { max }),
    help: '',
    live: false,
  });
  out.seeds = own('seeds', 'Seeds', 1, MAX_SEEDS);
  out.workers = own('workers', 'Workers', 0, MAX_WORKERS);
  const dur = specs && findSpec(specs, 'duration');
  const from = specs && findSpec(specs, 'measureFrom');
  const flows = specs && limitOf(specs, 'maxFlows');
  out.duration = dur ?? { ...own('duration', 'Duration', 0), type: 'number', min: undefined };
  out.measureFrom = from ?? { ...own('measureFrom', 'Measure from', 0), type: 'number' };
  out.flow = own('flow', 'Flow', 0, flows === undefined ? undefined : flows - 1);
  return out;
}

/** One run of a sweep. */
export interface SweepJob {
  index: number;
  series: string;
  x: number;
  seed: number;
  scenario: Scenario;
}

export type Parsed<T> = { ok: true; value: T } | { ok: false; error: string };

const sig = (x: number) => Number(x.toPrecision(4));

/** The swept values: a comma list, or from:to:count spaced linearly or (log) geometrically. */
export function parseValues(text: string, log: boolean): Parsed<number[]> {
  const t = text.trim();
  const range = /^([^:,]+):([^:,]+):([^:,]+)$/.exec(t);
  if (range) {
    const [a, b, n] = [Number(range[1]), Number(range[2]), Number(range[3])];
    if (![a, b].every(Number.isFinite) || !Number.isInteger(n) || n < 2 || n > MAX_RUNS) {
      return {
        ok: false,
        error: `values "${t}": expected from:to:count with numbers and a whole count from 2 to ${MAX_RUNS}`,
      };
    }
    if (log && (a <= 0 || b <= 0)) return { ok: false, error: `values "${t}": a log range needs from and to above 0` };
    const at = (i: number) => (log ? a * (b / a) ** (i / (n - 1)) : a + ((b - a) * i) / (n - 1));
    return { ok: true, value: Array.from({ length: n }, (_, i) => sig(at(i))) };
  }
  const items = t
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  const nums = items.map(Number);
  const bad = items.find((_, i) => !Number.isFinite(nums[i]!));
  if (bad !== undefined || !items.length) {
    return {
      ok: false,
      error: `values "${t}": expected numbers separated by commas (1,10,100) or from:to:count (1:100:7)`,
    };
  }
  return { ok: true, value: nums };
}

/** "path=value; path=value" -> pairs (values parsed as JSON when they can be). */
export function parseFixed(text: string): Parsed<[string, unknown][]> {
  const out: [string, unknown][] = [];
  for (const item of text
    .split(';')
    .map((s) => s.trim())
    .filter(Boolean)) {
    const eq = item.indexOf('=');
    const path = eq > 0 ? item.slice(0, eq).trim() : '';
    try {
      pathKeys(path);
    } catch {
      return { ok: false, error: `also set "${item}": expected path=value, e.g. queue.maxP=0.2` };
    }
    out.push([path, parseValue(item.slice(eq + 1))]);
  }
  return { ok: true, value: out };
}

function checkPath(what: string, path: string): string | null {
  try {
    pathKeys(path);
    return null;
  } catch (e) {
    return `${what}: ${(e as Error).message}`;
  }
}

/**
 * Every run of the sweep, series by series, then by value, then by seed. Errors in the form
 * (not in values the core would refuse: those fail their own run) come back as one message.
 */
export function expandGrid(cfg: SweepConfig, base: Scenario): Parsed<SweepJob[]> {
  const values = parseValues(cfg.values, cfg.log);
  if (!values.ok) return values;
  const fixed = parseFixed(cfg.fixed);
  if (!fixed.ok) return fixed;
  const pathError = checkPath('swept parameter', cfg.param) ?? (cfg.series ? checkPath('series', cfg.series) : null);
  if (pathError) return { ok: false, error: pathError };
  if (!Number.isInteger(cfg.seeds) || cfg.seeds < 1)
    return { ok: false, error: `seeds: ${cfg.seeds} is not allowed; expected a whole number of at least 1` };
  const seriesVals = cfg.series
    ? cfg.seriesValues
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean)
    : [''];
  if (!seriesVals.length) return { ok: false, error: `series values: give at least one value for ${cfg.series}` };
  const seeds = Array.from({ length: cfg.seeds }, (_, i) => i + 1);
  const total = seriesVals.length * values.value.length * seeds.length;
  if (total > MAX_RUNS) return { ok: false, error: `${total} runs: at most ${MAX_RUNS} in one sweep` };

  const jobs: SweepJob[] = [];
  try {
    for (const [series, x, seed] of cartesian<string | number>([seriesVals, values.value, seeds]) as [
      string,
      number,
      number,
    ][]) {
      const doc = structuredClone(base) as Scenario & Record<string, Json>;
      doc.duration = cfg.duration;
      doc.measureFrom = cfg.measureFrom;
      doc.seed = seed;
      for (const [p, v] of fixed.value) setPath(doc, p, v);
      if (cfg.series) setPath(doc, cfg.series, parseValue(series));
      setPath(doc, cfg.param, x);
      jobs.push({ index: jobs.length, series, x, seed, scenario: doc });
    }
  } catch (e) {
    return { ok: false, error: (e as Error).message };
  }
  return { ok: true, value: jobs };
}

/** min(4, max(1, cores - 1)) unless the form says how many. */
export function workerCount(cfg: SweepConfig, cores: number, jobs: number): number {
  const n = cfg.workers > 0 ? cfg.workers : Math.min(4, Math.max(1, cores - 1));
  return Math.max(1, Math.min(n, jobs));
}
