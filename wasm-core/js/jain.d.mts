/** Jain's fairness index of non-negative values; NaN for none or all zero. */
export function jainIndex(xs: readonly number[]): number;
