import type { ColumnRing } from './ringBuffer';

// Min/max decimation per pixel column: however many samples fall on one column of pixels,
// the chart draws at most a vertical span (min..max) there, so a spike is never lost and the
// work per frame is bounded by the chart width, not by the data.

/** A read-only series: sample i has time t(i) (non-decreasing) and value v(i). */
export interface Series {
  length: number;
  t(i: number): number;
  v(i: number): number;
  /** First index with t >= time (binary search); optional, else a linear scan is used. */
  lowerBound?(time: number): number;
}

/** Decimated series: one entry per pixel column that holds data. */
export interface Decimated {
  n: number;
  px: Float64Array;
  min: Float64Array;
  max: Float64Array;
  first: Float64Array;
  last: Float64Array;
  /** Sum and count of the column's samples (for charts that draw each column's mean). */
  sum: Float64Array;
  cnt: Float64Array;
}

export function makeDecimated(capacity: number): Decimated {
  return {
    n: 0,
    px: new Float64Array(capacity),
    min: new Float64Array(capacity),
    max: new Float64Array(capacity),
    first: new Float64Array(capacity),
    last: new Float64Array(capacity),
    sum: new Float64Array(capacity),
    cnt: new Float64Array(capacity),
  };
}

/**
 * Each column's mean as a line through one point per column (min = max = first = last):
 * for noisy rates, where min..max spans of many flows would paint a solid block. `out` is
 * reused when large enough; `d` is left as it is (incremental decimation resumes from it).
 * With `from`, entries before it are taken to be in `out` already (unchanged since).
 */
export function meanOf(d: Decimated, out?: Decimated, from = 0): Decimated {
  const reuse = out !== undefined && out.px.length >= d.n;
  const res = reuse ? out : makeDecimated(d.px.length);
  for (let k = reuse ? Math.min(from, out.n) : 0; k < d.n; k++) {
    const m = d.sum[k]! / d.cnt[k]!;
    res.px[k] = d.px[k]!;
    res.min[k] = m;
    res.max[k] = m;
    res.first[k] = m;
    res.last[k] = m;
    res.sum[k] = d.sum[k]!;
    res.cnt[k] = d.cnt[k]!;
  }
  res.n = d.n;
  return res;
}

function firstAtOrAfter(s: Series, time: number): number {
  if (s.lowerBound) return s.lowerBound(time);
  let i = 0;
  while (i < s.length && s.t(i) < time) i++;
  return i;
}

/**
 * Reduces the samples with t in [t0, t1] to per-pixel-column min/max/first/last over a
 * chart `width` pixels wide (column = floor((t - t0) / (t1 - t0) * width)). One sample
 * before t0 and one after t1 are included so lines run to the edges. NaN values are skipped.
 * `out` is reused when it is large enough.
 */
export function decimate(s: Series, t0: number, t1: number, width: number, out?: Decimated): Decimated {
  const cols = Math.max(1, Math.floor(width));
  const res = out && out.px.length >= cols + 2 ? out : makeDecimated(cols + 2);
  res.n = 0;
  if (s.length === 0 || !(t1 > t0)) return res;
  const scale = cols / (t1 - t0);
  let i = Math.max(0, firstAtOrAfter(s, t0) - 1);
  let cur = Number.NaN;
  for (; i < s.length; i++) {
    const t = s.t(i);
    const v = s.v(i);
    if (Number.isNaN(v)) continue;
    const col = Math.floor((t - t0) * scale);
    const px = Math.min(Math.max(col, -1), cols); // everything off the left/right edge shares one slot
    if (px !== cur) {
      const k = res.n++;
      res.px[k] = px;
      res.min[k] = v;
      res.max[k] = v;
      res.first[k] = v;
      res.last[k] = v;
      res.sum[k] = v;
      res.cnt[k] = 1;
      cur = px;
    } else {
      const k = res.n - 1;
      if (v < res.min[k]!) res.min[k] = v;
      if (v > res.max[k]!) res.max[k] = v;
      res.last[k] = v;
      res.sum[k] = res.sum[k]! + v;
      res.cnt[k] = res.cnt[k]! + 1;
    }
    if (t > t1) break;
  }
  return res;
}

/**
 * Where an incremental decimation stopped: rows of the run consumed, and whether it ended at t1;
 * and `changed`, the first entry this call wrote (entries before it are as the previous call on
 * the same output left them; `n` when it wrote none; -1 when it started afresh), so a chart
 * redraws only from there.
 */
export interface DecimateState {
  rows: number;
  done: boolean;
  changed: number;
}

/**
 * The same reduction as `decimate`, straight over a column of a ColumnRing (column 0 = time),
 * without per-sample function calls: this is what charts use every frame. With `resume` (the
 * state a previous call on the same `out`, window and width left), only rows added since are
 * read, so a growing run costs per frame what it added, not what it holds.
 */
export function decimateRing(
  ring: ColumnRing,
  col: number,
  t0: number,
  t1: number,
  width: number,
  out?: Decimated,
  resume?: DecimateState,
): Decimated & { state: DecimateState } {
  const cols = Math.max(1, Math.floor(width));
  const res = (out && out.px.length >= cols + 2 ? out : makeDecimated(cols + 2)) as Decimated & {
    state: DecimateState;
  };
  const len = ring.length;
  const firstRow = ring.total - len; // run row number of logical row 0
  const canResume = resume !== undefined && res === out && resume.rows >= firstRow && resume.rows <= ring.total;
  if (canResume && resume.done) {
    res.state = { rows: resume.rows, done: true, changed: res.n };
    return res;
  }
  let n = canResume ? res.n : 0;
  const n0 = n;
  res.n = n;
  res.state = { rows: canResume ? resume.rows : 0, done: false, changed: canResume ? n : -1 };
  if (len === 0 || !(t1 > t0)) {
    res.state.rows = ring.total;
    return res;
  }
  const { data, capacity: cap, head } = ring;
  const vBase = col * cap;
  const scale = cols / (t1 - t0);
  const { px: PX, min: MIN, max: MAX, first: FIRST, last: LAST, sum: SUM, cnt: CNT } = res;
  let cur = n > 0 ? PX[n - 1]! : Number.NaN;
  let i = canResume ? resume.rows - firstRow : Math.max(0, ring.lowerBound(t0) - 1);
  let slot = (head + i) % cap;
  for (; i < len; i++, slot++) {
    if (slot === cap) slot = 0;
    const t = data[slot]!;
    const v = data[vBase + slot]!;
    if (v !== v) continue; // NaN
    let p = Math.floor((t - t0) * scale);
    if (p < -1) p = -1;
    else if (p > cols) p = cols;
    if (p !== cur) {
      PX[n] = p;
      MIN[n] = v;
      MAX[n] = v;
      FIRST[n] = v;
      LAST[n] = v;
      SUM[n] = v;
      CNT[n] = 1;
      n++;
      cur = p;
    } else {
      const k = n - 1;
      if (v < MIN[k]!) MIN[k] = v;
      if (v > MAX[k]!) MAX[k] = v;
      LAST[k] = v;
      SUM[k] = SUM[k]! + v;
      CNT[k] = CNT[k]! + 1;
    }
    if (t > t1) {
      res.state.done = true;
      i++;
      break;
    }
  }
  res.n = n;
  res.state.rows = firstRow + i;
  // Resuming, the last entry may have taken new samples; a fresh pass rewrote everything.
  if (canResume && res.state.rows !== resume.rows) res.state.changed = Math.max(0, n0 - 1);
  return res;
}
