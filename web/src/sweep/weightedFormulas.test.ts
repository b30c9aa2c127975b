// The closed forms against values worked out by hand from the weighted-AIMD paper's equations.
import { describe, expect, it } from 'vitest';
import {
  defaultT0,
  eq3,
  eq5,
  eq8,
  eq9,
  lasdLoss,
  predictedRatios,
  weightFns,
} from '../../../wasm-core/js/weightedFormulas.mjs';

describe('weight functions (Eq. 4)', () => {
  it('equal choice: f (2f - 1/2) = 3/2 w^2, so f(1) = 1 and f(2) = (1/2 + sqrt(48.25)) / 4', () => {
    expect(weightFns('equal', 1)).toEqual({ inc: 1, dec: 1 });
    expect(weightFns('equal', 2).inc).toBeCloseTo(1.8615555, 6);
    for (const w of [1, 3, 10, 100]) {
      const { inc, dec } = weightFns('equal', w);
      expect(inc).toBe(dec);
      expect(inc * (2 * dec - 0.5)).toBeCloseTo(1.5 * w * w, 6);
    }
  });
  it('inc and dec choices put w^2 on one side', () => {
    expect(weightFns('inc', 5)).toEqual({ inc: 25, dec: 1 });
    expect(weightFns('dec', 5)).toEqual({ inc: 1, dec: 25 });
  });
});

describe('Eq. 3 and Eq. 8 (throughput against loss)', () => {
  it("Eq. 3 with f = 1, alpha 1, beta 1/2 is TCP's sqrt(3 / 2p) / RTT: 122.47 pkt/s at p = 1 %, RTT 100 ms", () => {
    expect(eq3(0.01, 0.1, { inc: 1, dec: 1 })).toBeCloseTo(122.4745, 3);
  });
  it('Eq. 8: p = 1 %, RTT 200 ms, T0 1 s: Q = 3 sqrt(0.03) = 0.5196, B = 1 / (0.01633 + 0.005213) = 46.42 pkt/s', () => {
    expect(eq8(0.01, 0.2, 1, { inc: 1, dec: 1 })).toBeCloseTo(46.4194, 3);
    // Q saturates at 1 for large p: p = 0.5 gives 1 / (0.2 sqrt(1/3) + 0.5 (1 + 8)) = 0.2109
    expect(eq8(0.5, 0.2, 1, { inc: 1, dec: 1 })).toBeCloseTo(1 / (0.2 * Math.sqrt(1 / 3) + 4.5), 6);
  });
  it('ratios of weight w to weight 1: Eq. 3 gives w for the equal and inc choices, sqrt((2w^2 - 1/2) / 1.5) for dec', () => {
    expect(predictedRatios(10, 0.01, 0.2, 1, 'equal').eq3).toBeCloseTo(10, 9);
    expect(predictedRatios(10, 0.01, 0.2, 1, 'inc').eq3).toBeCloseTo(10, 9);
    expect(predictedRatios(2, 0.01, 0.2, 1, 'dec').eq3).toBeCloseTo(Math.sqrt(5), 9);
    // Timeouts cost the weighted flow less per loss, but the AIMD term grows only as w: Eq. 8 stays below w.
    const r = predictedRatios(10, 0.01, 0.2, 1, 'equal').eq8;
    expect(r).toBeLessThan(10);
    expect(r).toBeGreaterThan(8);
  });
  it('T0 beside our runs is 4 RTT, at least 1 s', () => {
    expect(defaultT0(0.1)).toBe(1);
    expect(defaultT0(0.5)).toBe(2);
  });
});

describe('Eq. 5 and Eq. 9 (loss against the sum of weights)', () => {
  it('Eq. 5: (10 / 300)^2 x 1.5 = 0.001667', () => {
    expect(eq5(10, 300)).toBeCloseTo(1 / 600, 9);
  });
  it('Eq. 9 with a = 1, b = 0: (10 / 300) sqrt(0.001 x 1.5 / 1) = 0.001291', () => {
    expect(eq9(10, 300, 0.001)).toBeCloseTo(0.0012909944, 9);
  });
  it('LASD rides the lower of the two: Eq. 5 for small sums, Eq. 9 beyond the crossing', () => {
    expect(lasdLoss(1, 300, 0.001)).toBeCloseTo(eq5(1, 300), 12);
    expect(lasdLoss(10, 300, 0.001)).toBeCloseTo(eq9(10, 300, 0.001), 12);
    // They cross where p = zeta: S / C~ = sqrt(zeta / 1.5)
    const s = 300 * Math.sqrt(0.001 / 1.5);
    expect(eq5(s, 300)).toBeCloseTo(0.001, 12);
    expect(eq9(s, 300, 0.001)).toBeCloseTo(0.001, 12);
  });
});
