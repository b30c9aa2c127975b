// The y extent of one decimated line, kept up to date as a run grows: entries before the last
// cannot change while decimation resumes, so they are folded once and only the rest is read.
import type { Decimated } from '../store/decimate';

export interface LineExtent {
  /** Min and max over the columns that count (Infinity, -Infinity when none does). */
  lo: number;
  hi: number;
  /** Entries [0, upto) are folded into the pre* fields (at the threshold preMin). */
  upto: number;
  preLo: number;
  preHi: number;
  preMaxCnt: number;
  preMin: number;
}

/**
 * Min and max of a decimated line's columns. Drawing column means (`mean`), only columns with
 * at least half the samples of the fullest count: a column still filling at the edge of a
 * growing run is noisy, and the scale would jump with every sample.
 * `prev` is the previous result for the same line; `keep` how many leading entries did not
 * change since (decimation's `changed`). When that covers what `prev` folded, it resumes.
 */
export function lineExtent(d: Decimated, mean: boolean, prev?: LineExtent, keep = 0): LineExtent {
  const p = prev && keep >= prev.upto && prev.upto <= d.n ? prev : undefined;
  let start = p ? p.upto : 0;
  const upto = Math.max(start, d.n - 1); // the last entry may still take samples
  let preMaxCnt = p ? p.preMaxCnt : 0;
  for (let i = start; i < upto; i++) if (d.cnt[i]! > preMaxCnt) preMaxCnt = d.cnt[i]!;
  const maxCnt = upto < d.n ? Math.max(preMaxCnt, d.cnt[upto]!) : preMaxCnt;
  const min = mean ? maxCnt / 2 : 0;
  if (p && min !== p.preMin) start = 0; // the threshold moved: fold again from the start
  let preLo = start > 0 ? p!.preLo : Number.POSITIVE_INFINITY;
  let preHi = start > 0 ? p!.preHi : Number.NEGATIVE_INFINITY;
  for (let i = start; i < upto; i++) {
    if (d.cnt[i]! < min) continue;
    if (d.min[i]! < preLo) preLo = d.min[i]!;
    if (d.max[i]! > preHi) preHi = d.max[i]!;
  }
  let lo = preLo;
  let hi = preHi;
  if (upto < d.n && d.cnt[upto]! >= min) {
    lo = Math.min(lo, d.min[upto]!);
    hi = Math.max(hi, d.max[upto]!);
  }
  return { lo, hi, upto, preLo, preHi, preMaxCnt, preMin: min };
}
