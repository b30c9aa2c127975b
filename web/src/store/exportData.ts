// Export of the time series as tables: the whole run as CSV (one row per sample, one column per
// metric, SI units), and one chart's lines in the units the chart shows (its CSV button, its
// data table). Both read the store through `tableRows`, so a number is converted in one place.
import type { ChartStore } from './chartStore';

/** One column of an exported table: a store column, multiplied by `scale` into the unit shown. */
export interface TableColumn {
  header: string;
  column: string;
  scale?: number;
  /** Read the column from this store (at its first sample at or after the row's time). */
  store?: ChartStore;
}

/**
 * The values of `cols` at the rows `rows` (indices into `store`, whose column 0 is the time),
 * scaled; a column missing from its store is NaN. A column of another store (a band, the fluid
 * model, compare mode's other side) is read at its first sample at or after the row's time.
 */
export function tableRows(store: ChartStore, cols: readonly TableColumn[], rows: Iterable<number>): number[][] {
  const read = cols.map((c) => ({ src: c.store ?? store, at: (c.store ?? store).col(c.column), k: c.scale ?? 1 }));
  const out: number[][] = [];
  for (const i of rows) {
    const t = store.ring.get(0, i);
    out.push(
      read.map(({ src, at, k }) => {
        if (at === undefined) return Number.NaN;
        const j = src === store ? i : Math.min(src.ring.lowerBound(t), src.rows - 1);
        return j < 0 ? Number.NaN : src.ring.get(at, j) * k;
      }),
    );
  }
  return out;
}

/** Indices 0..n-1. */
export function* allRows(n: number): Generator<number> {
  for (let i = 0; i < n; i++) yield i;
}

/** A value in the unit shown, as the chart's CSV and table write it: 5 significant digits, NaN empty. */
export function shownNumber(v: number): string {
  return Number.isFinite(v) ? String(+v.toPrecision(5)) : '';
}

/** A sample time in seconds, as the chart's CSV and table write it. */
export function shownTime(t: number): string {
  return String(+t.toFixed(4));
}

/** CSV text of a header and rows of cells already written as text. */
export function csvText(header: readonly string[], rows: readonly (readonly string[])[]): string {
  const quote = (c: string) => (/[",\n]/.test(c) ? `"${c.replace(/"/g, '""')}"` : c);
  return [header.map(quote).join(','), ...rows.map((r) => r.map(quote).join(','))].join('\n') + '\n';
}

/** The whole run: every column of the store as recorded (SI units), every row kept. */
export function toCsv(store: ChartStore): string {
  const cols = store.columns.map((c) => ({ header: c, column: c }));
  const rows = tableRows(store, cols, allRows(store.rows));
  return csvText(
    store.columns,
    rows.map((r) => r.map((v) => (Number.isNaN(v) ? '' : String(v)))),
  );
}
