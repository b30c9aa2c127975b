import { describe, expect, it } from 'vitest';
import { evaluateChecks, expandColumn, fillText, jainIndex, measure } from './measures';
import type { LessonStep } from './lessonTypes';

// A run of two flows at 4 and 1 Mb/s and a queue of 10 packets.
const means: Record<string, number> = {
  'flow.0.thr': 4e6,
  'flow.1.thr': 1e6,
  'flow.10.thr': 0,
  'queue.bottleneck.len': 10,
};
const run = {
  columns: ['t', 'flow.0.thr', 'flow.1.thr', 'queue.bottleneck.len'],
  mean: (c: string) => means[c] ?? Number.NaN,
};

describe('measures', () => {
  it("Jain's index: 1 when equal, 1/n when one takes all", () => {
    expect(jainIndex([3, 3, 3])).toBe(1);
    expect(jainIndex([1, 0, 0, 0])).toBe(0.25);
    expect(jainIndex([4, 1])).toBeCloseTo(25 / 34, 12);
  });

  it('expands "*" over flows in flow order, not text order', () => {
    expect(expandColumn('flow.*.thr', ['flow.10.thr', 'flow.2.thr', 'flow.0.thr', 'flow.1.cwnd'])).toEqual([
      'flow.0.thr',
      'flow.2.thr',
      'flow.10.thr',
    ]);
    expect(expandColumn('jain', ['t'])).toEqual([]);
    expect(expandColumn('flow.*.thr', ['flow.10.thr', 'flow.2.thr', 'flow.0.thr', 'flow.3.thr'], [2, 3])).toEqual([
      'flow.2.thr',
      'flow.3.thr',
    ]);
  });

  it("reads a summary measure from the core's summary, once the run has one", () => {
    const p95 = { column: 'summary.p95Delay', from: 10, to: 60, scale: 1000, digits: 0, unit: 'ms' };
    expect(measure(p95, { ...run, summary: { p95Delay: 0.057, meanDelay: 0.022 } })).toBeCloseTo(57, 9);
    expect(measure(p95, run)).toBeNaN();
    // Past the window but before the summary has come back from the worker: "...", not "n/a".
    expect(fillText('{p95}', { p95 }, run, 60)).toBe('...');
    expect(fillText('{p95}', { p95 }, { ...run, summary: { p95Delay: 0.057 } }, 60)).toBe('57 ms');
  });

  it('combines per-flow means and scales', () => {
    expect(measure({ column: 'flow.*.thr', from: 0, to: 1, across: 'sum', scale: 1e-6 }, run)).toBe(5);
    expect(measure({ column: 'flow.*.thr', from: 0, to: 1, across: 'min' }, run)).toBe(1e6);
    expect(measure({ column: 'flow.*.thr', from: 0, to: 1, across: 'jain' }, run)).toBeCloseTo(25 / 34, 12);
    expect(measure({ column: 'queue.x.len', from: 0, to: 1 }, run)).toBeNaN();
  });

  const step: LessonStep = {
    title: 's',
    scenario: { preset: 'p' },
    text: 'Total {total}, queue {q}.',
    measures: {
      total: { column: 'flow.*.thr', across: 'sum', from: 0, to: 10, scale: 1e-6, digits: 1, unit: 'Mb/s' },
      q: { column: 'queue.bottleneck.len', from: 0, to: 30, digits: 0 },
      f0: { column: 'flow.0.thr', from: 0, to: 10 },
      f1: { column: 'flow.1.thr', from: 0, to: 10 },
    },
    checks: [
      { left: 'f0', op: '>', right: 'f1', factor: 3 },
      { left: 'q', op: '<', right: 5 },
    ],
  };

  it('fills placeholders only once the run has passed their window', () => {
    expect(fillText(step.text, step.measures, run, 12)).toBe('Total 5.0 Mb/s, queue ....');
    expect(fillText(step.text, step.measures, run, 30)).toBe('Total 5.0 Mb/s, queue 10.');
  });

  it('evaluates checks against the run', () => {
    const r = evaluateChecks(step, run);
    expect(r.map((x) => x.ok)).toEqual([true, false]);
    expect(r[0]!.text).toBe('f0 = 4000000 > 3 x f1 (= 3000000)');
    expect(r[1]!.text).toBe('q = 10 < 5');
  });
});
