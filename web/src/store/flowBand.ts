// The min/mean/max of one per-flow metric over all flows, row by row: what a chart draws as a
// band when there are too many flows for one line each. A derived store that follows the run's
// store (new rows are folded in as they arrive; a new run starts it afresh), so it stays out of
// React state and charts draw it like any other series.
import { ChartStore } from './chartStore';

/** Above this many flows, per-flow charts show the band by default. */
export const BAND_FLOWS = 20;

export interface FlowBand {
  store: ChartStore;
  /** Column names in `store`. */
  min: string;
  mean: string;
  max: string;
}

const bands = new WeakMap<ChartStore, Map<string, FlowBand>>();

/** The band of `flow.<i>.<metric>` over every flow of `main`'s run (one per store and metric). */
export function flowBand(main: ChartStore, metric: string): FlowBand {
  let perMetric = bands.get(main);
  if (!perMetric) bands.set(main, (perMetric = new Map()));
  const known = perMetric.get(metric);
  if (known) return known;
  const band: FlowBand = {
    store: new ChartStore(),
    min: `band.${metric}.min`,
    mean: `band.${metric}.mean`,
    max: `band.${metric}.max`,
  };
  perMetric.set(metric, band);
  let ring: unknown = null;
  let synced = 0; // rows of the run folded in so far
  let cols: number[] = [];
  let out = new Float64Array(0);
  const sync = () => {
    const r = main.ring;
    if (r !== ring) {
      ring = r;
      cols = [];
      for (let i = 0; i < main.flowCount; i++) {
        const c = main.col(`flow.${i}.${metric}`);
        if (c !== undefined) cols.push(c);
      }
      band.store.reset(['t', band.min, band.mean, band.max], r.capacity, main.duration);
      synced = r.total - r.length;
    }
    const fresh = Math.min(r.total - synced, r.length);
    synced = r.total;
    if (fresh <= 0 || cols.length === 0) {
      band.store.setNow(main.now);
      return;
    }
    if (out.length < fresh * 4) out = new Float64Array(fresh * 4);
    for (let k = 0, i = r.length - fresh; i < r.length; i++, k++) {
      let lo = Number.POSITIVE_INFINITY;
      let hi = Number.NEGATIVE_INFINITY;
      let sum = 0;
      let n = 0;
      for (const c of cols) {
        const v = r.get(c, i);
        if (v !== v) continue; // a flow with no value yet (not started)
        if (v < lo) lo = v;
        if (v > hi) hi = v;
        sum += v;
        n++;
      }
      out[k * 4] = r.get(0, i);
      out[k * 4 + 1] = n ? lo : Number.NaN;
      out[k * 4 + 2] = n ? sum / n : Number.NaN;
      out[k * 4 + 3] = n ? hi : Number.NaN;
    }
    band.store.appendRows(out, fresh, main.now);
  };
  main.subscribe(sync);
  sync();
  return band;
}

/** The band of `metric` over `main`'s flows as plain arrays, row by row (what test hooks read). */
export function bandValues(
  main: ChartStore,
  metric: string,
): { t: number[]; min: number[]; mean: number[]; max: number[] } {
  const b = flowBand(main, metric);
  return {
    t: b.store.values('t'),
    min: b.store.values(b.min),
    mean: b.store.values(b.mean),
    max: b.store.values(b.max),
  };
}
