// A chart's numbers without a mouse: the values at one sample time (the keyboard and touch
// readout, the hover tooltip) and the chart as a table (its Table view and its CSV), in the
// units the chart shows and with the flow names its legend shows. Pure functions of the chart
// model and the store; the conversion itself is store/exportData's `tableRows`.
import type { ChartStore } from '../store/chartStore';
import type { TimeWindow } from '../store/timeView';
import { type TableColumn, allRows, csvText, shownNumber, shownTime, tableRows } from '../store/exportData';
import type { ChartModel, LineDef } from './chartModel';

/** The unit a value of the chart is read in ("Mb/s", "%"; "" for an index). */
export function valueUnit(model: ChartModel): string {
  return model.unit ?? model.yLabel;
}

/** The lines drawn: those of flows hidden in the legend are left out. */
export function shownLines(model: ChartModel, hidden: ReadonlySet<number>): LineDef[] {
  return model.lines.filter((l) => l.flow === undefined || !hidden.has(l.flow));
}

/** A line's name with its flow's window rule when the legend shows one ("flow 0 (bbr)"). */
export function lineName(l: LineDef, names: readonly string[] | null): string {
  const rule = l.flow === undefined ? undefined : names?.[l.flow];
  return rule ? `${l.label} (${rule})` : l.label;
}

function columnsOf(model: ChartModel, hidden: ReadonlySet<number>, names: readonly string[] | null): TableColumn[] {
  const unit = valueUnit(model);
  return shownLines(model, hidden).map((l) => ({
    header: unit ? `${lineName(l, names)} (${unit})` : lineName(l, names),
    column: l.column,
    scale: model.scale ?? 1,
    ...(l.store ? { store: l.store } : {}),
  }));
}

/** The row whose time is nearest to `t` (-1 when there is none). */
export function nearestRow(store: ChartStore, t: number): number {
  const n = store.rows;
  if (n === 0) return -1;
  const i = store.ring.lowerBound(t);
  if (i >= n) return n - 1;
  if (i > 0 && t - store.ring.get(0, i - 1) < store.ring.get(0, i) - t) return i - 1;
  return i;
}

/** Rows with a time in the window [first, last], or null when none is. */
export function rowsIn(store: ChartStore, win: TimeWindow): { first: number; last: number } | null {
  const first = store.ring.lowerBound(win.t0);
  const last = Math.min(store.rows, store.ring.lowerBound(win.t1 + 1e-9)) - 1;
  return last >= first ? { first, last } : null;
}

export interface ReadoutValue {
  label: string;
  value: number;
  /** The value as written, with its unit ("1.2346 Mb/s", "-" for none). */
  text: string;
  color: string;
}

export interface Readout {
  /** The sample's time, in seconds. */
  t: number;
  values: ReadoutValue[];
}

/** The values of the shown lines at the sample nearest to `t`, in the chart's unit. */
export function readoutAt(
  model: ChartModel,
  store: ChartStore,
  hidden: ReadonlySet<number>,
  names: readonly string[] | null,
  t: number,
): Readout | null {
  const i = nearestRow(store, t);
  if (i < 0) return null;
  const lines = shownLines(model, hidden);
  const [row] = tableRows(store, columnsOf(model, hidden, names), [i]);
  const unit = valueUnit(model);
  return {
    t: store.ring.get(0, i),
    values: lines.map((l, k) => {
      const v = row![k]!;
      const n = shownNumber(v);
      return { label: lineName(l, names), value: v, text: n ? (unit ? `${n} ${unit}` : n) : '-', color: l.color };
    }),
  };
}

/** A readout as one sentence, at most `max` values ("t = 12.3 s: flow 0 1.2 Mb/s; flow 1 ..."). */
export function readoutText(r: Readout, max = 10): string {
  const shown = r.values.slice(0, max).map((v) => `${v.label} ${v.text}`);
  const more = r.values.length - shown.length;
  return `t = ${shownTime(r.t)} s: ${shown.join('; ')}${more > 0 ? `; and ${more} more (open the table)` : ''}.`;
}

/** The least of 1, 2, 5, 10, 20, 50, ... that is at least `x`. */
export function niceStep(x: number): number {
  if (!(x > 1)) return 1;
  let p = 1;
  for (;;) {
    for (const m of [1, 2, 5]) if (m * p >= x) return m * p;
    p *= 10;
  }
}

/**
 * The rows a table of the window shows: every sample when at most `maxRows` are in it, else one
 * in `every` samples (a 1-2-5 step), those whose time is a multiple of that step, so the times
 * read round (every 1 s of 0.1 s samples).
 */
export function tableRowIndices(
  store: ChartStore,
  win: TimeWindow,
  maxRows = 60,
): { rows: number[]; every: number; period: number } {
  const span = rowsIn(store, win);
  if (!span) return { rows: [], every: 1, period: 0 };
  const n = span.last - span.first + 1;
  const period = store.rows > 1 ? store.ring.get(0, 1) - store.ring.get(0, 0) : 0;
  const every = period > 0 ? niceStep(n / maxRows) : 1;
  const rows: number[] = [];
  for (let i = span.first; i <= span.last; i++)
    if (every === 1 || Math.round(store.ring.get(0, i) / period) % every === 0) rows.push(i);
  return { rows, every, period };
}

export interface ChartTable {
  caption: string;
  header: string[];
  /** Cells as written: the time first, then one per shown line. */
  rows: string[][];
}

function cells(store: ChartStore, cols: TableColumn[], rows: Iterable<number>): string[][] {
  const times = [...rows];
  return tableRows(store, cols, times).map((r, k) => [shownTime(store.ring.get(0, times[k]!)), ...r.map(shownNumber)]);
}

/** The chart as a table of the samples in the window, thinned to about `maxRows` rows. */
export function chartTable(
  model: ChartModel,
  store: ChartStore,
  hidden: ReadonlySet<number>,
  names: readonly string[] | null,
  win: TimeWindow,
  maxRows = 60,
): ChartTable {
  const cols = columnsOf(model, hidden, names);
  const { rows, every, period } = tableRowIndices(store, win, maxRows);
  const unit = valueUnit(model);
  const first = rows.length ? store.ring.get(0, rows[0]!) : 0;
  const last = rows.length ? store.ring.get(0, rows[rows.length - 1]!) : 0;
  const step =
    every > 1 ? `every ${shownTime(every * period)} s (one sample in ${every}; zoom in for all)` : 'every sample';
  const caption = rows.length
    ? `${model.title}${unit ? `, in ${unit}` : ''}: ${rows.length} times from ${shownTime(first)} s to ${shownTime(last)} s, ${step}.`
    : `${model.title}: no samples yet.`;
  return { caption, header: ['Time (s)', ...cols.map((c) => c.header)], rows: cells(store, cols, rows) };
}

/** The chart's CSV: every sample of the run, the shown lines, in the chart's units. */
export function chartCsv(
  model: ChartModel,
  store: ChartStore,
  hidden: ReadonlySet<number>,
  names: readonly string[] | null,
): string {
  const cols = columnsOf(model, hidden, names);
  return csvText(['Time (s)', ...cols.map((c) => c.header)], cells(store, cols, allRows(store.rows)));
}

/** One flow of the long-run share chart, in Mb/s. */
export interface ShareBar {
  flow: number;
  thr: number;
  target: number;
}

/** The long-run share chart as a table: a row per flow shown, its mean throughput and target share. */
export function shareTable(
  bars: readonly ShareBar[],
  from: number,
  now: number,
  names: readonly string[] | null,
): ChartTable {
  return {
    caption:
      `Long-run throughput vs target share, in Mb/s: each flow's mean throughput from ${shownTime(from)} s ` +
      `to ${shownTime(now)} s, and its target share.`,
    header: ['Flow', 'Mean throughput (Mb/s)', 'Target share (Mb/s)'],
    rows: bars.map((b) => [
      names?.[b.flow] ? `flow ${b.flow} (${names[b.flow]})` : `flow ${b.flow}`,
      shownNumber(b.thr),
      shownNumber(b.target),
    ]),
  };
}

/** The share chart's readout for one flow: its name, and its bar and target share in Mb/s. */
export interface ShareReadout {
  flow: number;
  name: string;
  values: { label: string; text: string }[];
}

/**
 * The share chart's readout of the bar of `flow` (null when that flow has no bar: hidden, or no
 * run yet), named as the table names the flow, in the chart's unit, to its 5 digits.
 */
export function shareReadout(
  bars: readonly ShareBar[],
  flow: number,
  from: number,
  now: number,
  names: readonly string[] | null,
): ShareReadout | null {
  const b = bars.find((x) => x.flow === flow);
  if (!b) return null;
  const values = [
    { label: `mean from ${shownTime(from)} s to ${shownTime(now)} s`, text: `${shownNumber(b.thr)} Mb/s` },
  ];
  if (Number.isFinite(b.target)) values.push({ label: 'target share', text: `${shownNumber(b.target)} Mb/s` });
  return { flow, name: names?.[flow] ? `flow ${flow} (${names[flow]})` : `flow ${flow}`, values };
}

/** A share readout as one sentence, for a screen reader. */
export function shareReadoutText(r: ShareReadout): string {
  return `${r.name}: ${r.values.map((v) => `${v.label} ${v.text}`).join('; ')}.`;
}

/** The flow `by` bars away from `flow` among the bars shown (the first or last at the ends; null when none). */
export function shareStep(bars: readonly ShareBar[], flow: number | null, by: number): number | null {
  if (bars.length === 0) return null;
  const i = flow === null ? -1 : bars.findIndex((b) => b.flow === flow);
  const at = i < 0 ? (by < 0 ? bars.length - 1 : 0) : Math.min(bars.length - 1, Math.max(0, i + by));
  return bars[at]!.flow;
}
