// Export of the time series (CSV, one row per sample, one column per metric).
import type { ChartStore } from './chartStore';

export function toCsv(store: ChartStore): string {
  const cols = store.columns;
  const lines: string[] = [cols.map((c) => (/[",\n]/.test(c) ? `"${c.replace(/"/g, '""')}"` : c)).join(',')];
  const row: string[] = new Array<string>(cols.length);
  for (let i = 0; i < store.rows; i++) {
    for (let c = 0; c < cols.length; c++) {
      const v = store.ring.get(c, i);
      row[c] = Number.isNaN(v) ? '' : String(v);
    }
    lines.push(row.join(','));
  }
  return lines.join('\n') + '\n';
}
