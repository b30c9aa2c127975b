import { describe, expect, it } from 'vitest';
import { decimateRing, makeDecimated, meanOf } from '../store/decimate';
import { ColumnRing } from '../store/ringBuffer';
import { lineExtent } from './lineExtent';

describe('lineExtent', () => {
  for (const mean of [false, true]) {
    it(`resumed as a run grows, equals a fresh pass over the whole line${mean ? ' (column means)' : ''}`, () => {
      const ring = new ColumnRing(5000, 2);
      let seed = 7;
      const rnd = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
      let out = decimateRing(ring, 1, 0, 100, 150);
      let m = mean ? meanOf(out) : out;
      let ext = lineExtent(m, mean);
      let k = 0;
      let resumedFolds = 0;
      for (let block = 0; block < 80; block++) {
        const rows: number[] = [];
        for (let j = 0; j < 1 + (block % 7) * 3; j++, k++)
          rows.push(k * 0.07, k % 50 === 13 ? Number.NaN : 100 * rnd() * (1 + Math.sin(k / 40)));
        ring.pushRows(rows, rows.length / 2);
        out = decimateRing(ring, 1, 0, 100, 150, out, out.state);
        const keep = out.state.changed;
        m = mean ? meanOf(out, m, keep) : out;
        if (keep >= ext.upto && ext.upto > 0) resumedFolds++;
        ext = lineExtent(m, mean, ext, keep);
        const fresh = lineExtent(
          mean ? meanOf(decimateRing(ring, 1, 0, 100, 150)) : decimateRing(ring, 1, 0, 100, 150),
          mean,
        );
        expect([ext.lo, ext.hi], `block ${block}`).toEqual([fresh.lo, fresh.hi]);
      }
      expect(resumedFolds).toBeGreaterThan(70); // it really resumed
    });
  }
  it('drawing means, folds again when a fuller column raises the threshold', () => {
    const d = makeDecimated(8);
    const put = (i: number, v: number, cnt: number) => {
      d.px[i] = i;
      d.min[i] = v;
      d.max[i] = v;
      d.first[i] = v;
      d.last[i] = v;
      d.cnt[i] = cnt;
      d.sum[i] = v * cnt;
      d.n = i + 1;
    };
    put(0, 50, 2);
    put(1, 10, 2);
    put(2, 12, 2);
    const a = lineExtent(d, true);
    expect([a.lo, a.hi]).toEqual([10, 50]);
    put(3, 20, 10);
    put(4, 30, 10); // columns of 10 samples: those of 2 no longer count
    const b = lineExtent(d, true, a, 3);
    expect([b.lo, b.hi]).toEqual([20, 30]);
  });
  it('without resumable state (keep 0) starts over', () => {
    const ring = new ColumnRing(100, 2);
    ring.pushRows([0, 5, 1, 9, 2, 3], 3);
    const a = lineExtent(decimateRing(ring, 1, 0, 3, 3), false);
    expect([a.lo, a.hi]).toEqual([3, 9]);
    const ring2 = new ColumnRing(100, 2);
    ring2.pushRows([0, 1, 1, 2, 2, 1.5], 3);
    const b = lineExtent(decimateRing(ring2, 1, 0, 3, 3), false, a, 0);
    expect([b.lo, b.hi]).toEqual([1, 2]);
  });
});
