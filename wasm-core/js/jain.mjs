// Jain's fairness index, (sum x)^2 / (n sum x^2): 1 when every value is equal, 1/n when one
// value takes everything; NaN for no values or all zero (as the core's jainIndex in
// wasm-core/src/sim/tracer.cpp). The one copy in JavaScript: lessons, the sweep and the
// validation scripts import it (types in jain.d.mts).

/** @param {readonly number[]} xs non-negative values */
export function jainIndex(xs) {
  let s = 0;
  let s2 = 0;
  for (const x of xs) {
    s += x;
    s2 += x * x;
  }
  return s2 > 0 ? (s * s) / (xs.length * s2) : Number.NaN;
}
