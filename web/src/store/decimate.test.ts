import { describe, expect, it } from 'vitest';
import { decimate, decimateRing, meanOf, type Series } from './decimate';
import { ColumnRing } from './ringBuffer';

function series(t: number[], v: number[]): Series {
  return { length: t.length, t: (i) => t[i]!, v: (i) => v[i]! };
}

describe('decimate', () => {
  it('reduces many samples per pixel column to min/max/first/last', () => {
    const t: number[] = [];
    const v: number[] = [];
    for (let i = 0; i < 1000; i++) {
      t.push(i / 100);
      v.push(Math.sin(i));
    }
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
    const s: Series = {
      ...series(t, [5, 6, 7, 8]),
      lowerBound: (x) => {
        calls++;
        return t.findIndex((y) => y >= x);
      },
    };
    const a = decimate(s, 2, 3, 100);
    const b = decimate(s, 2, 3, 100, a);
    expect(calls).toBe(2);
    expect(b).toBe(a);
    expect(b.first[0]).toBe(6);
  });
});

describe('decimateRing', () => {
  it('gives exactly what the generic decimation gives, also after the ring wrapped', () => {
    let seed = 12345;
    const rnd = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    const ring = new ColumnRing(500, 2);
    const rows: number[] = [];
    for (let i = 0; i < 1234; i++) rows.push(i * 0.1, i % 97 === 0 ? Number.NaN : rnd() * 100);
    ring.pushRows(rows, 1234);
    const s: Series = {
      length: ring.length,
      t: (i) => ring.get(0, i),
      v: (i) => ring.get(1, i),
      lowerBound: (t) => ring.lowerBound(t),
    };
    for (const [t0, t1, w] of [
      [0, 200, 300],
      [80, 100, 57],
      [90.05, 90.95, 1000],
      [120, 130, 10],
    ] as const) {
      const a = decimate(s, t0, t1, w);
      const b = decimateRing(ring, 1, t0, t1, w);
      expect(b.n).toBe(a.n);
      for (const k of ['px', 'min', 'max', 'first', 'last'] as const)
        expect(Array.from(b[k].subarray(0, b.n))).toEqual(Array.from(a[k].subarray(0, a.n)));
    }
  });
});

describe('decimateRing, incrementally', () => {
  it('resuming after new rows gives what a full pass gives', () => {
    const ring = new ColumnRing(10000, 2);
    const full = (t1: number) => decimateRing(ring, 1, 0, t1, 200);
    let out = decimateRing(ring, 1, 0, 100, 200);
    let state = out.state;
    for (let block = 0; block < 50; block++) {
      const rows: number[] = [];
      for (let r = 0; r < 17; r++) {
        const i = block * 17 + r;
        rows.push(i * 0.1, Math.sin(i) * (i % 13));
      }
      ring.pushRows(rows, 17);
      out = decimateRing(ring, 1, 0, 100, 200, out, state);
      state = out.state;
      const ref = full(100);
      expect(out.n).toBe(ref.n);
      for (const k of ['px', 'min', 'max', 'first', 'last'] as const)
        expect(Array.from(out[k].subarray(0, out.n))).toEqual(Array.from(ref[k].subarray(0, ref.n)));
    }
    expect(state.rows).toBe(850);
  });
  it('starts over when rows it had read were dropped from the ring', () => {
    const ring = new ColumnRing(20, 2);
    ring.pushRows([0, 5, 1, 6], 2);
    const a = decimateRing(ring, 1, 0, 100, 100);
    const rows: number[] = [];
    for (let i = 2; i < 40; i++) rows.push(i, i);
    ring.pushRows(rows, 38);
    const b = decimateRing(ring, 1, 0, 100, 100, a, a.state);
    const ref = decimateRing(ring, 1, 0, 100, 100);
    expect(b.n).toBe(ref.n);
    expect(b.first[0]).toBe(20);
  });
});

describe('column means', () => {
  it('gives each pixel column the mean of its samples and leaves the min/max decimation alone', () => {
    // 10 samples over 2 columns: values 0..4 in the first, 10..14 in the second.
    const ts = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9];
    const vs = [0, 1, 2, 3, 4, 10, 11, 12, 13, 14];
    const s = { length: ts.length, t: (i: number) => ts[i]!, v: (i: number) => vs[i]! };
    const d = decimate(s, 0, 10, 2);
    const m = meanOf(d);
    expect(Array.from(m.min.slice(0, m.n))).toEqual([2, 12]);
    expect(Array.from(m.max.slice(0, m.n))).toEqual([2, 12]);
    expect(Array.from(d.min.slice(0, 2))).toEqual([0, 10]);
    expect(Array.from(d.max.slice(0, 2))).toEqual([4, 14]);
  });
});
