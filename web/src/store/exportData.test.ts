import { describe, expect, it } from 'vitest';
import { toCsv } from './exportData';
import { ChartStore } from './chartStore';
import { encodeBlock } from '../../../wasm-core/js/block.mjs';

describe('toCsv', () => {
  it('writes a header of column names and one line per sample row, NaN as empty', () => {
    const s = new ChartStore();
    s.reset(['t', 'flow.0.cwnd', 'jain'], 10);
    s.append(encodeBlock(2, 3, [0.1, 2, 1, 0.2, 3.5, Number.NaN]), 0.2);
    expect(toCsv(s)).toBe('t,flow.0.cwnd,jain\n0.1,2,1\n0.2,3.5,\n');
  });
});

describe('ChartStore', () => {
  it('counts flows from the columns, appends blocks, logs drops and computes means', () => {
    const s = new ChartStore();
    s.reset(['t', 'flow.0.cwnd', 'flow.0.thr', 'flow.1.cwnd', 'flow.1.thr'], 100);
    expect(s.flowCount).toBe(2);
    const v0 = s.version;
    s.append(
      encodeBlock(
        3,
        5,
        [1, 1, 10, 1, 20, 2, 2, 30, 2, 40, 3, 3, 50, 3, 60],
        [
          { t: 1.5, kind: 1, flow: 1, link: 0, reason: 4 },
          { t: 1.6, kind: 2, flow: 0, link: -1, reason: 0 },
        ],
      ),
      3,
    );
    expect(s.version).toBeGreaterThan(v0);
    expect(s.now).toBe(3);
    expect(s.values('flow.1.thr')).toEqual([20, 40, 60]);
    expect(s.latest('flow.0.thr')).toBe(50);
    expect(s.mean('flow.0.thr', 2, 3)).toBe(40);
    expect(s.drops.t.length).toBe(1);
    expect(s.drops.flow.get(0)).toBe(1);
    expect(s.eventCounts.get(2)).toBe(1);
    expect(() => s.append(encodeBlock(1, 2, [1, 2]), 4)).toThrow(/columns/);
  });
});
