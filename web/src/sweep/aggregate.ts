// Sweep results: what each finished run contributes to the plot, and the per-point means
// (over seeds) the series lines go through.
import type { Json, Scenario } from '../params/types';
import type { RunMeasures } from '../../../wasm-core/js/runMeasures.mjs';
import type { Measure } from './sweepConfig';

/** The model inputs of a run's measured flow, read from its scenario (for the closed forms). */
export interface ModelInputs {
  /** Window rule of the measured flow ("sd", "lasd", "aimd", "multcp", ...). */
  cc: string;
  /** Weight-function choice of TCP-SD/LASD, and LASD's zeta. */
  f: string;
  zeta: number;
  /** RTT x bottleneck capacity in packets (C~ of Eqs. 5 and 9), from the measured RTT. */
  ctilde: number;
  packetSize: number;
}

export interface SweepResult {
  index: number;
  series: string;
  x: number;
  seed: number;
  /** Wall time of the run in the worker, ms. */
  ms: number;
  m: RunMeasures;
  model: ModelInputs;
}

export interface SweepFailure {
  index: number;
  series: string;
  x: number;
  seed: number;
  error: string;
}

/** A plotted point of one run. */
export interface PlotPoint {
  series: string;
  key: number;
  x: number;
  y: number;
}

/** Mean of the runs at one swept value of one series (over seeds). */
export interface AggPoint {
  series: string;
  key: number;
  x: number;
  y: number;
  yMin: number;
  yMax: number;
  n: number;
}

/** Axis titles of each measure: x, then y. */
export const AXES: Record<Measure, { x: string | null; y: string }> = {
  ratio: { x: null, y: 'throughput of flow k / mean of the others' },
  throughput: { x: 'loss-event rate of flow k', y: 'throughput of flow k (packets/s)' },
  loss: { x: 'sum of weights', y: 'loss-event rate (all flows)' },
  timeouts: { x: null, y: 'timeouts of flow k' },
  jain: { x: null, y: "Jain's index over the measured window" },
};

/** Where a run lands on the plot of a measure (null if the measure is undefined for it). */
export function plotPoint(measure: Measure, r: SweepResult): PlotPoint | null {
  const m = r.m;
  const at = (x: number, y: number) =>
    Number.isFinite(x) && Number.isFinite(y) ? { series: r.series, key: r.x, x, y } : null;
  switch (measure) {
    case 'ratio':
      return at(r.x, m.ratio);
    case 'throughput':
      return at(m.lossEvent, m.thr / (8 * r.model.packetSize));
    case 'loss':
      return at(m.sumWeights, m.lossEventAll);
    case 'timeouts':
      return at(r.x, m.timeouts);
    case 'jain':
      return at(r.x, m.jain);
  }
}

/**
 * Groups points by series and swept value; each group's mean x and y, min and max y. Sorted by
 * the swept value, so a series line follows the sweep also where x is measured (loss rates).
 */
export function aggregate(points: readonly PlotPoint[]): Map<string, AggPoint[]> {
  const groups = new Map<string, Map<number, PlotPoint[]>>();
  for (const p of points) {
    const bySeries = groups.get(p.series) ?? new Map<number, PlotPoint[]>();
    groups.set(p.series, bySeries);
    bySeries.set(p.key, [...(bySeries.get(p.key) ?? []), p]);
  }
  const out = new Map<string, AggPoint[]>();
  for (const [series, byKey] of groups) {
    const agg: AggPoint[] = [];
    for (const [key, ps] of byKey) {
      const ys = ps.map((p) => p.y);
      agg.push({
        series,
        key,
        n: ps.length,
        x: ps.reduce((a, p) => a + p.x, 0) / ps.length,
        y: ys.reduce((a, y) => a + y, 0) / ps.length,
        yMin: Math.min(...ys),
        yMax: Math.max(...ys),
      });
    }
    out.set(
      series,
      agg.sort((a, b) => a.key - b.key),
    );
  }
  return out;
}

function num(v: Json | undefined, fallback: number): number {
  return typeof v === 'number' && Number.isFinite(v) ? v : fallback;
}
function obj(v: Json | undefined): Record<string, Json> {
  return v && typeof v === 'object' && !Array.isArray(v) ? v : {};
}

/** Core defaults the closed forms need when a scenario leaves them out (from the specs). */
export interface ModelDefaults {
  bottleneckRate: number;
  packetSize: number;
  zeta: number;
}

/** A flow's window rule (its override's, else the flows' default, else aimd) and merged ccParams. */
export function flowRule(scenario: Scenario, flow: number | null): { cc: string; params: Record<string, Json> } {
  const flows = obj(scenario.flows);
  const overrides = Array.isArray(scenario.flowOverrides) ? scenario.flowOverrides.map(obj) : [];
  const own = (flow === null ? undefined : overrides.find((o) => o.flow === flow)) ?? {};
  const cc = typeof own.cc === 'string' ? own.cc : typeof flows.cc === 'string' ? flows.cc : 'aimd';
  return { cc, params: { ...obj(flows.ccParams), ...obj(own.ccParams) } };
}

/** The measured flow's window rule and parameters, and C~, for a run of `scenario`. */
export function modelInputs(scenario: Scenario, flow: number, rtt: number, d: ModelDefaults): ModelInputs {
  const { cc, params } = flowRule(scenario, flow);
  const packetSize = num(scenario.packetSize, d.packetSize);
  const rate = num(obj(scenario.topology).bottleneckRate, d.bottleneckRate);
  return {
    cc,
    f: typeof params.f === 'string' ? params.f : 'equal',
    zeta: num(params.zeta, d.zeta),
    ctilde: (rtt * rate) / (8 * packetSize),
    packetSize,
  };
}

/** The flows counted with `flow` (its MPAT aggregate, if it is in one). */
export function membersOf(scenario: Scenario, flow: number): number[] {
  const aggs = Array.isArray(scenario.aggregates) ? scenario.aggregates.map(obj) : [];
  for (const a of aggs) {
    const fl = Array.isArray(a.flows) ? a.flows.filter((x): x is number => typeof x === 'number') : [];
    if (fl.includes(flow)) return fl;
  }
  return [flow];
}
