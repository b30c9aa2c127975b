import { describe, expect, it } from 'vitest';
import { ChartStore } from './chartStore';
import { encodeBlock } from '../../../wasm-core/js/block.mjs';
import { flowBand } from './flowBand';

const cols = ['t', 'flow.0.cwnd', 'flow.0.thr', 'flow.1.cwnd', 'flow.1.thr', 'flow.2.cwnd', 'flow.2.thr'];

describe('flowBand', () => {
  it('folds each new row into min, mean and max over the flows, skipping flows with no value yet', () => {
    const s = new ChartStore();
    s.reset(cols, 100);
    const b = flowBand(s, 'cwnd');
    // t, cwnd0, thr0, cwnd1, thr1, cwnd2, thr2
    s.append(encodeBlock(2, 7, [0.1, 4, 9, 10, 9, NaN, 9, 0.2, 6, 9, 3, 9, 12, 9]), 0.2);
    expect(b.store.values('t')).toEqual([0.1, 0.2]);
    expect(b.store.values(b.min)).toEqual([4, 3]);
    expect(b.store.values(b.mean)).toEqual([7, 7]);
    expect(b.store.values(b.max)).toEqual([10, 12]);
    s.append(encodeBlock(1, 7, [0.3, 1, 0, 2, 0, 3, 0]), 0.3);
    expect(b.store.values(b.mean)).toEqual([7, 7, 2]);
    expect(b.store.now).toBe(0.3);
    expect(flowBand(s, 'cwnd')).toBe(b); // one band per store and metric
    expect(flowBand(s, 'thr').store.values('band.thr.max')).toEqual([9, 9, 0]);
  });

  it('starts afresh with a new run', () => {
    const s = new ChartStore();
    s.reset(cols, 100);
    const b = flowBand(s, 'cwnd');
    s.append(encodeBlock(1, 7, [0.1, 1, 0, 2, 0, 3, 0]), 0.1);
    s.reset(['t', 'flow.0.cwnd', 'flow.1.cwnd'], 100);
    expect(b.store.rows).toBe(0);
    s.append(encodeBlock(1, 3, [0.5, 8, 2]), 0.5);
    expect(b.store.values(b.max)).toEqual([8]);
    expect(b.store.values(b.min)).toEqual([2]);
  });
});
