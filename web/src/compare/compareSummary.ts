// The numbers compare mode puts side by side: from the two runs' summaries, taken when both
// had reached the same simulated time.
import type { Summary } from '../params/types';
import { fixedText } from '../params/units';
import { jainWindowLabel } from '../ui/glossary';

export interface CompareRow {
  label: string;
  a: number;
  b: number;
  digits: number;
  unit: string;
}

function sum(xs: number[]): number {
  return xs.reduce((x, y) => x + y, 0);
}

function rowsOf(s: Summary): Record<string, number> {
  const q = s.queues[0];
  return {
    t: s.simSeconds,
    jain: s.jain,
    wjain: s.weightedJain,
    util: s.utilization * 100,
    thr: sum(s.flows.map((f) => f.throughputBps)) / 1e6,
    queue: q ? q.meanLength : Number.NaN,
    drops: q ? sum(Object.values(q.drops)) : Number.NaN,
    timeouts: sum(s.flows.map((f) => f.timeouts)),
    retx: sum(s.flows.map((f) => f.retransmits)),
  };
}

const ROWS: { key: string; label: string; digits: number; unit: string }[] = [
  { key: 't', label: 'Simulated time', digits: 2, unit: 's' },
  // Over the measured window, not per interval as the chart above: labelled with where it starts.
  { key: 'jain', label: "Jain's index", digits: 3, unit: '' },
  { key: 'wjain', label: "Weighted Jain's index", digits: 3, unit: '' },
  { key: 'util', label: 'Bottleneck utilization', digits: 1, unit: '%' },
  { key: 'thr', label: 'Total throughput', digits: 2, unit: 'Mb/s' },
  { key: 'queue', label: 'Mean queue length', digits: 1, unit: 'packets' },
  { key: 'drops', label: 'Packets dropped at the queue', digits: 0, unit: '' },
  { key: 'timeouts', label: 'Timeouts', digits: 0, unit: '' },
  { key: 'retx', label: 'Retransmissions', digits: 0, unit: '' },
];

export function compareRows(a: Summary, b: Summary): CompareRow[] {
  const ra = rowsOf(a);
  const rb = rowsOf(b);
  const label = (key: string, l: string) =>
    key === 'jain' || key === 'wjain' ? jainWindowLabel(a.measureFrom, key === 'wjain') : l;
  return ROWS.map((r) => ({
    label: label(r.key, r.label),
    a: ra[r.key]!,
    b: rb[r.key]!,
    digits: r.digits,
    unit: r.unit,
  }));
}

/** A number with `digits` decimals, "-" when not finite; never "-0.0" (a difference that rounds to 0 is 0). */
export function fmtNumber(v: number, digits: number): string {
  return Number.isFinite(v) ? fixedText(v, digits) : '-';
}
