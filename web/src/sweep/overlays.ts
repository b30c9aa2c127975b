// The papers' closed forms drawn over a sweep plot (weighted-AIMD paper): the ideal line
// y = w; Eq. 3 and the timeout-aware Eq. 8, as relative throughput at each point's measured
// loss-event rate of the others or as throughput against loss; Eq. 5 and Eq. 9 (LASD rides
// the lower of the two, the paper's Fig. 7) as loss against the sum of weights.
import type { Measure } from './sweepConfig';
import type { SweepResult } from './aggregate';
import {
  defaultT0,
  eq3,
  eq5,
  eq8,
  lasdLoss,
  predictedRatios,
  weightFns,
} from '../../../wasm-core/js/weightedFormulas.mjs';

export type OverlayKind = 'ideal' | 'eq3' | 'eq8' | 'eq5' | 'eq9';

export interface OverlayLine {
  kind: OverlayKind;
  label: string;
  /** The series it belongs to (drawn in its colour), or null. */
  series: string | null;
  pts: [number, number][];
  /** A short name drawn at the line's right end (which weight a curve is for). */
  tag?: string;
}

const WEIGHTED = new Set(['sd', 'lasd']);
const mean = (xs: number[]) => xs.reduce((a, x) => a + x, 0) / xs.length;

/** n points from a to b, geometric when `log` (and both are above 0). */
export function spaced(a: number, b: number, n: number, log: boolean): number[] {
  const geo = log && a > 0 && b > 0;
  return Array.from({ length: n }, (_, i) => (geo ? a * (b / a) ** (i / (n - 1)) : a + ((b - a) * i) / (n - 1)));
}

function bySeries(results: readonly SweepResult[]): Map<string, SweepResult[]> {
  const out = new Map<string, SweepResult[]>();
  for (const r of results) if (WEIGHTED.has(r.model.cc)) out.set(r.series, [...(out.get(r.series) ?? []), r]);
  return out;
}

/** Eq. 3 / Eq. 8 ratios of weight w to weight 1 at each swept value, averaged over the runs there. */
function ratioLines(results: readonly SweepResult[]): OverlayLine[] {
  const out: OverlayLine[] = [];
  for (const [series, rs] of bySeries(results)) {
    const keys = [...new Set(rs.map((r) => r.x))].sort((a, b) => a - b);
    const at = keys
      .map((k) => {
        const here = rs.filter((r) => r.x === k && r.m.lossEventOthers > 0);
        const pr = here.map((r) =>
          predictedRatios(r.m.weight, r.m.lossEventOthers, r.m.rtt, defaultT0(r.m.rtt), r.model.f),
        );
        return { k, eq3: mean(pr.map((p) => p.eq3)), eq8: mean(pr.map((p) => p.eq8)), n: pr.length };
      })
      .filter((p) => p.n > 0);
    const name = series ? ` (${series})` : '';
    out.push({ kind: 'eq3', label: `Eq. 3${name}`, series, pts: at.map((p) => [p.k, p.eq3]) });
    out.push({ kind: 'eq8', label: `Eq. 8${name}`, series, pts: at.map((p) => [p.k, p.eq8]) });
  }
  return out;
}

/** Throughput (packets/s) against loss-event rate by Eqs. 3 and 8, one pair per weight of flow k. */
function throughputLines(results: readonly SweepResult[], xDomain: [number, number]): OverlayLine[] {
  const out: OverlayLine[] = [];
  const weighted = results.filter((r) => WEIGHTED.has(r.model.cc));
  const weights = [...new Set(weighted.map((r) => r.m.weight))].sort((a, b) => a - b).slice(0, 8);
  const ps = spaced(Math.max(xDomain[0], 1e-6), Math.max(xDomain[1], 2e-6), 40, true);
  for (const w of weights) {
    const rs = weighted.filter((r) => r.m.weight === w);
    const rtt = mean(rs.map((r) => r.m.rtt));
    const fns = weightFns(rs[0]!.model.f, w);
    out.push({
      kind: 'eq3',
      label: `Eq. 3, w = ${w}`,
      series: null,
      pts: ps.map((p) => [p, eq3(p, rtt, fns)]),
      tag: `w = ${w}`,
    });
    out.push({
      kind: 'eq8',
      label: `Eq. 8, w = ${w}`,
      series: null,
      pts: ps.map((p) => [p, eq8(p, rtt, defaultT0(rtt), fns)]),
    });
  }
  return out;
}

/** Loss-event probability against the sum of weights: Eq. 5, and the lower of Eqs. 5 and 9 for LASD. */
function lossLines(results: readonly SweepResult[], xDomain: [number, number], log: boolean): OverlayLine[] {
  const weighted = results.filter((r) => WEIGHTED.has(r.model.cc));
  if (!weighted.length) return [];
  const ctilde = mean(weighted.map((r) => r.model.ctilde));
  const sums = spaced(xDomain[0], xDomain[1], 40, log);
  const out: OverlayLine[] = [{ kind: 'eq5', label: 'Eq. 5', series: null, pts: sums.map((s) => [s, eq5(s, ctilde)]) }];
  const lasd = weighted.find((r) => r.model.cc === 'lasd');
  if (lasd) {
    out.push({
      kind: 'eq9',
      label: `Eq. 9 (zeta = ${lasd.model.zeta}), lower of 5 and 9`,
      series: null,
      pts: sums.map((s) => [s, lasdLoss(s, ctilde, lasd.model.zeta)]),
    });
  }
  return out;
}

/** The overlay lines of a plot; `ideal` when the swept value is a weight (or mulTCP's N). */
export function overlayLines(
  measure: Measure,
  results: readonly SweepResult[],
  xDomain: [number, number],
  opts: { ideal: boolean; logX: boolean },
): OverlayLine[] {
  if (!results.length) return [];
  switch (measure) {
    case 'ratio': {
      const lines = ratioLines(results);
      return opts.ideal
        ? [
            {
              kind: 'ideal',
              label: 'ideal (y = w)',
              series: null,
              pts: [
                [xDomain[0], xDomain[0]],
                [xDomain[1], xDomain[1]],
              ],
            },
            ...lines,
          ]
        : lines;
    }
    case 'throughput':
      return throughputLines(results, xDomain);
    case 'loss':
      return lossLines(results, xDomain, opts.logX);
    default:
      return [];
  }
}
