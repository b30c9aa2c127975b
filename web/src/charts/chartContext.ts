// What every chart component gets: the store, the current run, the controller (for live
// parameter values such as weights and link rate) and the legend state. What the run is (its
// bottleneck, paths, sample period, window rules) charts read from its manifest (bl_manifest),
// never from the scenario document: charts do not import scenario/ (scripts/check-layers.mjs).
import type { Manifest, ParamChange, ParamSpec } from '../params/types';
import type { SimController, SimSnapshot } from '../run/simController';
import { flowColor, flowDash } from './palette';
import type { LineDef } from './chartModel';
import { BAND_FLOWS, flowBand } from '../store/flowBand';

export interface ChartProps {
  sim: SimController;
  snap: SimSnapshot;
  hidden: ReadonlySet<number>;
  /** Hides or shows a flow in every chart; `solo` shows it alone (or, when it already is, all). */
  onToggleFlow: (flow: number, solo?: boolean) => void;
  /** Per-flow metrics as a min/mean/max band (more than BAND_FLOWS flows, unless lines were asked for). */
  band?: boolean;
  /** Switches between the band and per-flow lines (absent: no switch offered). */
  onBand?: (band: boolean) => void;
}

/** Whether a run with `flowCount` flows draws bands, unless per-flow lines were asked for. */
export function wantsBand(flowCount: number, lines: boolean): boolean {
  return flowCount > BAND_FLOWS && !lines;
}

const BAND_COLOR = '#0072B2';
const MEAN_COLOR = '#D55E00';

/** How one per-flow metric is drawn, when a chart draws more than one (the loss chart's two). */
export interface MetricStyle {
  /** Names the metric in labels and the legend ("congestion loss"); absent: the chart has one. */
  what?: string;
  /** The band's fill and edges, and the mean line. */
  color?: string;
  meanColor?: string;
  /** Dash of the per-flow lines and of the mean line. */
  dash?: number[];
  /** A per-flow line's label. */
  flowLabel?: (i: number) => string;
}

/**
 * The lines of a per-flow metric: one per flow, or (`band`) the min..max of all flows as a
 * filled band with their mean on top, read from the run's derived band store.
 */
export function metricLines(
  sim: SimController,
  flowCount: number,
  metric: string,
  band: boolean,
  style: MetricStyle = {},
): LineDef[] {
  const { what, color = BAND_COLOR, meanColor = MEAN_COLOR, dash } = style;
  if (!band) return flowLines(flowCount, metric, dash ? { dash } : {}, style.flowLabel);
  const b = flowBand(sim.store, metric);
  const of = what ? `${what}, ` : '';
  const range = `${of}min to max of the ${flowCount} flows (shaded)`;
  return [
    {
      column: b.max,
      key: b.max,
      store: b.store,
      label: `${of}max of ${flowCount} flows`,
      legend: range,
      color,
      width: 1,
      bandTo: b.min,
    },
    {
      column: b.min,
      key: b.min,
      store: b.store,
      label: `${of}min of ${flowCount} flows`,
      legend: range,
      color,
      width: 1,
    },
    {
      column: b.mean,
      key: b.mean,
      store: b.store,
      label: `${of}mean of ${flowCount} flows`,
      legend: `${of}mean of the ${flowCount} flows`,
      color: meanColor,
      width: 2,
      ...(dash ? { dash } : {}),
    },
  ];
}

/** One line per flow for a per-flow column ("thr" -> flow.{i}.thr). */
export function flowLines(
  flowCount: number,
  metric: string,
  extra: Partial<LineDef> = {},
  label = (i: number) => `flow ${i}`,
): LineDef[] {
  const out: LineDef[] = [];
  for (let i = 0; i < flowCount; i++)
    out.push({
      column: `flow.${i}.${metric}`,
      label: label(i),
      color: flowColor(i),
      dash: flowDash(i),
      flow: i,
      ...extra,
    });
  return out;
}

/** Per-flow weights as currently applied. */
export function weights(sim: SimController, flowCount: number): number[] {
  const w: number[] = [];
  for (let i = 0; i < flowCount; i++) {
    const v = sim.liveValue(`flow.${i}`, 'weight');
    w.push(Number.isFinite(v) && v > 0 ? v : 1);
  }
  return w;
}

/**
 * When the latest live change of any of `keys` of an entity `entities` accepts took effect (s),
 * or undefined when none has: a reference line drawn from the value now starts there.
 */
export function changedAt(
  marks: readonly ParamChange[],
  entities: (entity: string) => boolean,
  keys: readonly string[],
): number | undefined {
  let t: number | undefined;
  for (const m of marks) if (!m.schedule && keys.includes(m.key) && entities(m.entity)) t = Math.max(t ?? 0, m.t);
  return t;
}

/** Bottleneck capacity in bits/s, as currently applied. */
export function bottleneckRate(sim: SimController, snap: SimSnapshot): number {
  const link = snap.manifest?.bottleneck;
  return link ? sim.liveValue(`link.${link}`, 'rate') : Number.NaN;
}

/** A number of the run as the core resolved it (manifest.run: samplePeriod, measureFrom, ...), else `fallback`. */
export function runValue(snap: SimSnapshot, key: string, fallback: number): number {
  const v = snap.manifest?.run[key];
  return typeof v === 'number' && Number.isFinite(v) ? v : fallback;
}

/**
 * Whether capacity x weight / total weight is every flow's share: every flow crosses the run's
 * bottleneck and it is the slowest link on each flow's path. On a chain or graph where flows take
 * different paths (or a faster link is called the bottleneck), that line would be no one's share.
 */
export function sharesOneBottleneck(m: Manifest | null): boolean {
  if (!m?.bottleneck || m.flows.length === 0) return false;
  const rate = new Map(m.links.map((l) => [l.name, l.rate]));
  const cap = rate.get(m.bottleneck) ?? Number.NaN;
  return m.flows.every(
    (f) => f.crossesBottleneck && f.path.every((n) => (rate.get(n) ?? Number.POSITIVE_INFINITY) >= cap),
  );
}

/**
 * What a legend says beside each flow's number: the window rule its sender runs, by the name the
 * page shows ("BBR", "CUBIC"), when the run's flows differ in it; null when they all run one.
 */
export function flowRuleNames(specs: readonly ParamSpec[], m: Manifest | null): string[] | null {
  if (!m || m.flows.length < 2 || m.flows.every((f) => f.cc === m.flows[0]!.cc)) return null;
  const labels = specs.find((sp) => sp.key === 'flows.cc')?.optionLabels ?? {};
  return m.flows.map((f) => labels[f.cc] ?? f.cc);
}

/** Names of the queues among the columns, in column order ("bottleneck", or a graph's links). */
export function queueNames(columns: readonly string[]): string[] {
  const out: string[] = [];
  for (const c of columns) {
    const m = /^queue\.(.+)\.len$/.exec(c);
    if (m) out.push(m[1]!);
  }
  return out;
}

/**
 * One line per charted link that follows a delivery trace: the trace's capacity in each sample
 * interval (the core's `link.NAME.capacity` column: opportunities x 1500 B, bit/s).
 */
export function traceCapacityLines(m: Manifest | null): LineDef[] {
  if (!m) return [];
  const traced = new Set(m.traced);
  return m.links
    .filter((l) => l.trace && traced.has(l.name))
    .map((l) => ({
      column: `link.${l.name}.capacity`,
      label: `capacity of the ${l.name} link (trace ${l.trace!.name})`,
      legend: `link capacity (trace ${l.trace!.name})`,
      color: '#444444',
      dash: [6, 3],
      width: 1.5,
    }));
}
