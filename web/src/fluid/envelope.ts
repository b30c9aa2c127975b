// A fast-oscillating fluid series (the backlog swinging between empty and full several times a
// second) drawn as it is fills its chart with a solid band that hides the packet-level data.
// It is drawn instead as three lines: the mean over a centred window and the window's lowest and
// highest values (the range it swings over), each smooth enough to leave the data visible.

export interface Envelope {
  mean: Float64Array;
  min: Float64Array;
  max: Float64Array;
}

/** Mean, min and max of `v` over the centred window of `w` samples (fewer at the ends). */
export function windowEnvelope(v: ArrayLike<number>, w: number): Envelope {
  const n = v.length;
  const half = Math.max(0, Math.floor(w / 2));
  const mean = new Float64Array(n);
  const min = new Float64Array(n);
  const max = new Float64Array(n);
  // Prefix sums for the mean; the window is short (about a second of rows), so min and max are scanned.
  const sum = new Float64Array(n + 1);
  for (let i = 0; i < n; i++) sum[i + 1] = sum[i]! + v[i]!;
  for (let i = 0; i < n; i++) {
    const a = Math.max(0, i - half);
    const b = Math.min(n - 1, i + half);
    mean[i] = (sum[b + 1]! - sum[a]!) / (b - a + 1);
    let lo = Infinity;
    let hi = -Infinity;
    for (let j = a; j <= b; j++) {
      const x = v[j]!;
      if (x < lo) lo = x;
      if (x > hi) hi = x;
    }
    min[i] = lo;
    max[i] = hi;
  }
  return { mean, min, max };
}
