// The time chart's renderer: axis tick labels, and what its layout keeps of the reference lines.
import { describe, expect, it } from 'vitest';
import { fmtTick, layout } from './renderTimeChart';
import { ChartStore } from '../store/chartStore';
import type { ChartModel } from './chartModel';

describe('axis tick labels', () => {
  it('keeps fractions plain (a Jain index of 0.8 is not "800m")', () => {
    expect(fmtTick(0.8)).toBe('0.8');
    expect(fmtTick(0.1 + 0.2)).toBe('0.3');
    expect(fmtTick(250)).toBe('250');
    expect(fmtTick(0)).toBe('0');
  });
  it('uses SI prefixes from 1000 up', () => {
    expect(fmtTick(16e6)).toBe('16M');
    expect(fmtTick(2500)).toBe('2.5k');
  });
});

describe('reference lines in the layout', () => {
  it('a line that starts after the window shown neither draws nor stretches the y axis', () => {
    const model = {
      id: 'delay',
      title: 'Queueing delay',
      yLabel: 'ms',
      lines: [],
      hlines: () => [
        { value: 5, label: 'target 5 ms' },
        { value: 80, label: 'target 80 ms', from: 30 },
      ],
    } as unknown as ChartModel;
    const frame = (t1: number) =>
      layout({
        model,
        store: new ChartStore(),
        win: { t0: 0, t1 },
        width: 600,
        height: 200,
        hidden: new Set(),
        marks: [],
        hoverT: null,
      });
    const early = frame(20);
    expect(early.hlines.map((h) => h.label)).toEqual(['target 5 ms']);
    expect(early.y.domain()[1]).toBeLessThan(10);
    const late = frame(60);
    expect(late.hlines).toHaveLength(2);
    expect(late.y.domain()[1]).toBeGreaterThan(80);
  });
});
