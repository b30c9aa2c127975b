import { describe, expect, it } from 'vitest';
import { decimate, type Series } from './decimate';

function series(t: number[], v: number[]): Series {
  return { length: t.length, t: (i) => t[i]!, v: (i) => v[i]! };
}

describe('decimate', () => {
  it('reduces many samples per pixel column to min/max/first/last', () => {
    const t: number[] = [];
    const v: number[] = [];
    for (let i = 0; i < 1000; i++) { t.push(i / 100); v.push(Math.sin(i)); }
    const d = decimate(series(t, v), 0, 10, 10);
    expect(d.n).toBeLessThanOrEqual(11);
    // column 0 holds samples 0..99
    const seg = v.slice(0, 100);
    expect(d.px[0]).toBe(0);
    expect(d.min[0]).toBe(Math.min(...seg));
    expect(d.max[0]).toBe(Math.max(...seg));
    expect(d.first[0]).toBe(seg[0]);
    expect(d.last[0]).toBe(seg[99]);
  });
  it('never loses a single spike', () => {
    const t = Array.from({ length: 10000 }, (_, i) => i);
    const v = t.map((i) => (i === 4321 ? 1e6 : 1));
    const d = decimate(series(t, v), 0, 10000, 50);
    const peak = Math.max(...Array.from(d.max.subarray(0, d.n)));
    expect(peak).toBe(1e6);
    expect(d.n).toBeLessThanOrEqual(52);
  });
  it('keeps one sample beyond each edge of the window so lines reach the edges', () => {
    const t = [0, 1, 2, 3, 4, 5, 6];
    const v = [0, 10, 20, 30, 40, 50, 60];
    const d = decimate(series(t, v), 2.5, 4.5, 4);
    const pxs = Array.from(d.px.subarray(0, d.n));
    expect(pxs[0]).toBe(-1); // t = 2, left of the window
    expect(pxs[pxs.length - 1]).toBe(4); // t = 5, right of the window
    expect(d.first[0]).toBe(20);
    expect(d.last[d.n - 1]).toBe(50);
  });
  it('skips NaN and handles empty input and empty windows', () => {
    const d = decimate(series([0, 1, 2], [1, Number.NaN, 3]), 0, 3, 3);
    expect(Array.from(d.min.subarray(0, d.n))).toEqual([1, 3]);
    expect(decimate(series([], []), 0, 1, 10).n).toBe(0);
    expect(decimate(series([0], [1]), 1, 1, 10).n).toBe(0);
  });
  it('uses lowerBound when given and reuses the output buffer', () => {
    const t = [0, 1, 2, 3];
    let calls = 0;
    const s: Series = { ...series(t, [5, 6, 7, 8]), lowerBound: (x) => { calls++; return t.findIndex((y) => y >= x); } };
    const a = decimate(s, 2, 3, 100);
    const b = decimate(s, 2, 3, 100, a);
    expect(calls).toBe(2);
    expect(b).toBe(a);
    expect(b.first[0]).toBe(6);
  });
});
