import { describe, expect, it } from 'vitest';
import { ChartStore } from '../store/chartStore';
import { type ChartModel, type DecimationCache, type LineDef, decimateLines, plotArea } from './chartModel';
import { IncrementalRaster } from './incrementalRaster';
import type { RasterTarget } from './raster';

// A run that grows block by block, drawn two ways after every block: incrementally (one cache
// and one raster kept across blocks, as a chart does) and from scratch. Pixels and decimated
// columns must be the same, and the incremental draws must really be partial.

const FLOWS = 12;
const DURATION = 60;

function lines(): LineDef[] {
  const out: LineDef[] = [];
  for (let i = 0; i < FLOWS; i++) {
    out.push({
      column: `flow.${i}.thr`,
      label: `flow ${i}`,
      color: `#${((0x123456 * (i + 1)) & 0xffffff).toString(16).padStart(6, '0')}`,
      flow: i,
      dash: i % 3 === 1 ? [4, 3] : undefined,
      width: i % 4 === 2 ? 2 : undefined,
    });
  }
  return out;
}

/** Deterministic noisy rates; flow 5 has no data for a while (NaN), flow 7 starts late. */
function row(k: number, rnd: () => number): number[] {
  const t = k * 0.05;
  const r = [t];
  for (let i = 0; i < FLOWS; i++) {
    const gap = (i === 5 && t > 12 && t < 19) || (i === 7 && t < 25);
    r.push(gap ? Number.NaN : 1e6 * (1 + i / 4) * (1 + 0.5 * Math.sin(t / (1 + i)) + 0.3 * rnd()));
  }
  return r;
}

function setup(dpr: number, mean = false, width = 420, height = 160) {
  const store = new ChartStore();
  const model: ChartModel = { id: 't', title: 't', yLabel: 'Mb/s', scale: 1e-6, lines: lines(), yDomain: [0, 6], mean };
  store.reset(['t', ...model.lines.map((l) => l.column)], DURATION / 0.05, DURATION);
  const W = Math.round(width * dpr);
  const H = Math.round(height * dpr);
  const plot = plotArea(width, height);
  const cols = Math.floor(plot.width);
  const r0 = plot.top + plot.height;
  const y = (v: number) => r0 + (v / 6) * -plot.height;
  const target = (): RasterTarget => ({ buf: new Uint32Array(W * H), width: W, height: H, dpr });
  return { store, model, plot, cols, y, target };
}

describe('incremental rasterisation', () => {
  for (const [dpr, mean] of [
    [1, false],
    [1.5, false],
    [2, false],
    [1, true],
  ] as const) {
    it(`gives the pixels, column min/max and y extent of a full redraw as a run grows (dpr ${dpr}${mean ? ', column means' : ''})`, () => {
      const { store, model, plot, cols, y, target } = setup(dpr, mean);
      let seed = 99;
      const rnd = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
      const win = { t0: 0, t1: DURATION };
      const cache: DecimationCache = new Map();
      const raster = new IncrementalRaster();
      const kept = target();
      const hidden = new Set<number>();
      let k = 0;
      const widths: number[] = [];
      for (let block = 0; block < 60; block++) {
        const rows: number[] = [];
        const n = 3 + (block % 5) * 7; // 3..31 rows (0.15..1.55 s) per block
        for (let j = 0; j < n && k * 0.05 <= DURATION; j++, k++) rows.push(...row(k, rnd));
        store.ring.pushRows(rows, rows.length / (FLOWS + 1));

        const inc = decimateLines(model, store, win, cols, hidden, cache);
        // A new view of the same pixels each time, as drawCanvas makes from its ImageData.
        const update = raster.draw({ ...kept, buf: new Uint32Array(kept.buf.buffer) }, inc, plot, cols, y, '0,6', 1e-6);
        const ref = decimateLines(model, store, win, cols, hidden);
        const fresh = target();
        new IncrementalRaster().draw(fresh, ref, plot, cols, y, '0,6', 1e-6);

        expect(inc.length).toBe(ref.length);
        inc.forEach((l, i) => {
          const r = ref[i]!;
          expect(l.d.n).toBe(r.d.n);
          for (const f of ['px', 'min', 'max', 'first', 'last'] as const) {
            const bad = l.d[f].subarray(0, l.d.n).findIndex((v, j) => v !== r.d[f][j]);
            expect(bad, `block ${block}, ${l.line.column}: ${f} of entry ${bad}`).toBe(-1);
          }
          expect([l.ext?.lo, l.ext?.hi]).toEqual([r.ext?.lo, r.ext?.hi]);
        });
        let diff = -1;
        for (let i = 0; i < kept.buf.length && diff < 0; i++) if (kept.buf[i] !== fresh.buf[i]) diff = i;
        expect(
          diff,
          `block ${block}: first differing pixel x=${diff % kept.width} y=${Math.floor(diff / kept.width)}`,
        ).toBe(-1);
        if (update && !update.full) widths.push(update.rect.w);
      }
      expect(widths.length).toBeGreaterThan(50); // nearly every block only redrew a strip...
      widths.sort((a, b) => a - b);
      expect(widths[widths.length >> 1]).toBeLessThan(kept.width / 8); // ...mostly a narrow one
    });
  }

  it('redraws in full when the y range, the lines shown or the window change, and skips when nothing did', () => {
    const { store, model, plot, cols, y, target } = setup(1);
    const rnd = () => 0.5;
    const rows: number[] = [];
    for (let k = 0; k < 200; k++) rows.push(...row(k, rnd));
    store.ring.pushRows(rows, 200);
    const cache: DecimationCache = new Map();
    const raster = new IncrementalRaster();
    const t = target();
    const draw = (win: { t0: number; t1: number }, hidden: Set<number>, yKey = '0,6') =>
      raster.draw(t, decimateLines(model, store, win, cols, hidden, cache), plot, cols, y, yKey, 1e-6);
    const none = new Set<number>();
    expect(draw({ t0: 0, t1: 60 }, none)?.full).toBe(true);
    expect(draw({ t0: 0, t1: 60 }, none)).toBeNull(); // no new rows
    store.ring.pushRows(row(200, rnd), 1);
    expect(draw({ t0: 0, t1: 60 }, none)?.full).toBe(false);
    store.ring.pushRows(row(201, rnd), 1);
    expect(draw({ t0: 0, t1: 60 }, none, '0,7')?.full).toBe(true);
    expect(draw({ t0: 0, t1: 30 }, none, '0,7')?.full).toBe(true);
    expect(draw({ t0: 0, t1: 30 }, new Set([3]), '0,7')?.full).toBe(true);
  });
});
