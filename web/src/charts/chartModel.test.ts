import { describe, expect, it } from 'vitest';
import { yRange, type ChartModel, type DecimatedLine } from './chartModel';
import { makeDecimated } from '../store/decimate';

function line(min: number, max: number): DecimatedLine {
  const d = makeDecimated(4);
  d.n = 1;
  d.px[0] = 0;
  d.min[0] = min;
  d.max[0] = max;
  d.first[0] = min;
  d.last[0] = max;
  return { line: { column: 'x', label: 'x', color: '#000000' }, d, from: Number.NEGATIVE_INFINITY };
}
const model: ChartModel = { id: 'q', title: 'q', yLabel: 'packets', lines: [] };

describe('yRange', () => {
  it('spans 0 to the data maximum with a margin, scaled', () => {
    expect(yRange(model, [line(2, 100)], [])).toEqual([0, 105]);
    expect(yRange({ ...model, scale: 0.5 }, [line(2, 100)], [])).toEqual([0, 52.5]);
  });
  it('includes reference lines near the data but not far above it', () => {
    expect(yRange(model, [line(0, 100)], [{ value: 250, label: 'buffer' }])).toEqual([0, 262.5]);
    expect(yRange(model, [line(0, 100)], [{ value: 100000, label: 'buffer' }])).toEqual([0, 105]);
  });
  it('includes a reference line marked keep however far above the data it is', () => {
    expect(yRange(model, [line(0, 10)], [{ value: 1000, label: 'Q_max', keep: true }])).toEqual([0, 1050]);
  });
  it('drawing column means, leaves columns with under half the samples of the fullest out of the scale', () => {
    const d = makeDecimated(4);
    d.n = 3;
    [
      [0, 10, 14],
      [1, 20, 13],
      [2, 90, 2],
    ].forEach(([px, mean, cnt], i) => {
      d.px[i] = px!;
      d.min[i] = mean!;
      d.max[i] = mean!;
      d.first[i] = mean!;
      d.last[i] = mean!;
      d.cnt[i] = cnt!;
      d.sum[i] = mean! * cnt!;
    });
    const l: DecimatedLine = { line: { column: 'x', label: 'x', color: '#000000' }, d, from: Number.NEGATIVE_INFINITY };
    expect(yRange({ ...model, mean: true }, [l], [])).toEqual([0, 21]);
    expect(yRange(model, [l], [])).toEqual([0, 94.5]); // min/max charts: every column counts
  });
  it('uses a fixed domain when the chart has one, and a unit range without data', () => {
    expect(yRange({ ...model, yDomain: [0, 1.02] }, [line(0, 5)], [])).toEqual([0, 1.02]);
    expect(yRange(model, [], [])).toEqual([0, 1.05]);
  });
});
