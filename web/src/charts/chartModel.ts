// What a time chart shows, independent of how it is drawn: the lines (columns of the chart
// store), horizontal reference lines, and the y range. Each chart component builds one.
import type { GlossaryKey } from '../ui/glossary';
import type { ChartStore } from '../store/chartStore';
import { makeDecimated, meanOf, type Decimated, type DecimateState } from '../store/decimate';
import type { TimeWindow } from '../store/timeView';
import { type LineExtent, lineExtent } from './lineExtent';

export interface LineDef {
  column: string;
  label: string;
  color: string;
  dash?: number[];
  /** The flow this line belongs to (legend toggles hide by flow). */
  flow?: number;
  width?: number;
  /** Read the column from this store instead of the chart's (overlays such as the fluid model). */
  store?: ChartStore;
  /** Tells apart lines of the same column from different stores (compare mode's A and B). */
  key?: string;
  /** The area between this line and the line with this key is filled (a min..max band). */
  bandTo?: string;
  /** The legend's text, when it differs from the hover label (lines sharing it share one entry). */
  legend?: string;
}

/** What identifies a line among a chart's lines (its column, unless it has a key). */
export function lineKey(l: LineDef): string {
  return l.key ?? l.column;
}

export interface HLine {
  value: number;
  label: string;
  color?: string;
  /** Always widen the y range to show it, even far above the data (TED's Q_max bound). */
  keep?: boolean;
  /** Also list it in the legend, with this text. */
  legend?: string;
  /**
   * Simulated time (s) from which the value holds: a live change set it then, and before it the
   * run had another value (the chart's mark says which). Absent: it held for the whole run.
   */
  from?: number;
}

export interface ChartModel {
  id: string;
  title: string;
  yLabel: string;
  /** The unit of a value in the readout and the table ("%", "" for none); absent: yLabel. */
  unit?: string;
  /** Multiplies stored values before drawing (bits/s -> Mb/s, fraction -> %). */
  scale?: number;
  lines: LineDef[];
  hlines?: () => HLine[];
  /** Fixed y range; otherwise from the visible data (and 0). */
  yDomain?: [number, number];
  /** Draw each pixel column's mean rather than its min..max span (noisy per-interval rates). */
  mean?: boolean;
  /**
   * A start-up transient the y axis leaves out (the congestion window's slow-start spike): the
   * time it ends, or null (none yet, or the chart shows the full range).
   */
  transientEnd?: () => number | null;
  /** A term its title uses, explained beside it (ui/glossary.ts). */
  term?: GlossaryKey;
}

export interface Plot {
  left: number;
  top: number;
  width: number;
  height: number;
}

export const MARGIN = { left: 52, right: 12, top: 10, bottom: 26 };

export function plotArea(w: number, h: number): Plot {
  return {
    left: MARGIN.left,
    top: MARGIN.top,
    width: Math.max(10, w - MARGIN.left - MARGIN.right),
    height: Math.max(10, h - MARGIN.top - MARGIN.bottom),
  };
}

export interface PathSink {
  moveTo(x: number, y: number): void;
  lineTo(x: number, y: number): void;
}

export interface DecimatedLine {
  line: LineDef;
  d: Decimated;
  /**
   * The first pixel column where this line may differ from what the previous call with the same
   * cache returned: -Infinity when it was decimated afresh, +Infinity when nothing changed.
   */
  from: number;
  /** Its y extent, when kept with the decimation (else yRange computes it). */
  ext?: LineExtent;
}

/** Per column: the last decimation, and for which ring, window and width, to resume from. */
export type DecimationCache = Map<
  string,
  { d: Decimated; state?: DecimateState; ring?: unknown; key?: string; mean?: Decimated; ext?: LineExtent }
>;

/**
 * Decimates every visible line for a plot `width` pixels wide. `cache` keeps buffers between
 * frames; when the window and width did not change, only new rows are read.
 */
export function decimateLines(
  model: ChartModel,
  store: ChartStore,
  win: TimeWindow,
  width: number,
  hidden: ReadonlySet<number>,
  cache: DecimationCache = new Map(),
): DecimatedLine[] {
  const out: DecimatedLine[] = [];
  const key = `${win.t0}|${win.t1}|${width}`;
  for (const line of model.lines) {
    if (line.flow !== undefined && hidden.has(line.flow)) continue;
    let c = cache.get(lineKey(line));
    if (!c || c.d.px.length < width + 2) {
      c = { d: makeDecimated(Math.ceil(width) + 2) };
      cache.set(lineKey(line), c);
    }
    const src = line.store ?? store;
    const same = c.ring === src.ring && c.key === key;
    const d = src.decimate(line.column, win.t0, win.t1, width, c.d, same ? c.state : undefined);
    if (!d) continue;
    const { changed } = d.state;
    const resumed = same && changed >= 0;
    const from = !resumed ? Number.NEGATIVE_INFINITY : changed >= d.n ? Number.POSITIVE_INFINITY : d.px[changed]!;
    c.state = d.state;
    c.ring = src.ring;
    c.key = key;
    const keep = resumed ? changed : 0; // leading entries unchanged since the last call
    const drawn = model.mean ? (c.mean = meanOf(d, c.mean, keep)) : d;
    c.ext = lineExtent(drawn, model.mean === true, resumed ? c.ext : undefined, keep);
    out.push({ line, d: drawn, from, ext: c.ext });
  }
  return out;
}

/** The y range to draw: fixed, or 0..max of the data and reference lines, padded. */
/**
 * The y range: the visible data and 0, widened by the reference lines. Columns before `fromCol`
 * (a start-up transient) do not count, unless nothing after them is drawn yet.
 */
export function yRange(model: ChartModel, lines: DecimatedLine[], hlines: HLine[], fromCol = 0): [number, number] {
  if (model.yDomain) return model.yDomain;
  const k = model.scale ?? 1;
  let lo = 0;
  let hi = 0;
  const after = fromCol > 0 && lines.some((l) => l.d.n > 0 && l.d.px[l.d.n - 1]! >= fromCol) ? fromCol : 0;
  for (const l of lines) {
    const e = after > 0 ? extentFrom(l.d, after) : (l.ext ?? lineExtent(l.d, model.mean === true));
    if (e.hi * k > hi) hi = e.hi * k;
    if (e.lo * k < lo) lo = e.lo * k;
  }
  // Reference lines widen the range, unless far above the data (a 100000-packet buffer).
  const dataHi = hi;
  for (const h of hlines) {
    if (Number.isFinite(h.value) && (h.keep || dataHi <= 0 || h.value <= dataHi * 4)) {
      hi = Math.max(hi, h.value);
      lo = Math.min(lo, h.value);
    }
  }
  if (!(hi > lo)) hi = lo + 1;
  return [lo, hi + (hi - lo) * 0.05];
}

/** Min and max of a decimated line over the pixel columns from `fromCol` on. */
function extentFrom(d: DecimatedLine['d'], fromCol: number): { lo: number; hi: number } {
  let lo = Number.POSITIVE_INFINITY;
  let hi = Number.NEGATIVE_INFINITY;
  for (let i = 0; i < d.n; i++) {
    if (d.px[i]! < fromCol) continue;
    if (d.min[i]! < lo) lo = d.min[i]!;
    if (d.max[i]! > hi) hi = d.max[i]!;
  }
  return { lo, hi };
}

/**
 * Traces the closed outline of a band: along `hi`'s column maxima left to right, then back along
 * `lo`'s column minima, so the fill covers every value of both lines.
 */
export function traceBand(
  sink: PathSink & { closePath(): void },
  hi: Decimated,
  lo: Decimated,
  plot: Plot,
  cols: number,
  y: (v: number) => number,
  scale: number,
): void {
  const colW = plot.width / cols;
  const x = (px: number) => plot.left + (px + 0.5) * colW;
  let started = false;
  for (let i = 0; i < hi.n; i++) {
    const v = hi.max[i]!;
    if (v !== v) continue;
    if (!started) sink.moveTo(x(hi.px[i]!), y(v * scale));
    else sink.lineTo(x(hi.px[i]!), y(v * scale));
    started = true;
  }
  if (!started) return;
  for (let i = lo.n - 1; i >= 0; i--) {
    const v = lo.min[i]!;
    if (v === v) sink.lineTo(x(lo.px[i]!), y(v * scale));
  }
  sink.closePath();
}

/** Pairs of lines drawn as a band (`bandTo`), among the lines decimated. */
export function bandPairs(lines: readonly DecimatedLine[]): { hi: DecimatedLine; lo: DecimatedLine }[] {
  const out: { hi: DecimatedLine; lo: DecimatedLine }[] = [];
  for (const hi of lines) {
    if (hi.line.bandTo === undefined) continue;
    const lo = lines.find((l) => lineKey(l.line) === hi.line.bandTo);
    if (lo) out.push({ hi, lo });
  }
  return out;
}

/** Traces one decimated line into a canvas context or an SVG path builder. */
export function traceLine(
  sink: PathSink,
  d: Decimated,
  plot: Plot,
  cols: number,
  y: (v: number) => number,
  scale: number,
): void {
  const colW = plot.width / cols;
  for (let i = 0; i < d.n; i++) {
    const x = plot.left + (d.px[i]! + 0.5) * colW;
    const first = y(d.first[i]! * scale);
    if (i === 0) sink.moveTo(x, first);
    else sink.lineTo(x, first);
    if (d.min[i] !== d.max[i]) {
      sink.lineTo(x, y(d.min[i]! * scale));
      sink.lineTo(x, y(d.max[i]! * scale));
    }
    sink.lineTo(x, y(d.last[i]! * scale));
  }
}
