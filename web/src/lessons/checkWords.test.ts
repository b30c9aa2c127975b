import { describe, expect, it } from 'vitest';
import { checkSentences, measureUnit, measureWords } from './checkWords';
import type { LessonStep } from './lessonTypes';

// A run of two flows at 4 and 1 Mb/s, a queue of 10 packets, 85 % utilisation, 20 ms RTT.
const means: Record<string, number> = {
  'flow.0.thr': 4e6,
  'flow.1.thr': 1e6,
  'queue.bottleneck.len': 10,
  'link.bottleneck.util': 0.8536,
  'flow.0.srtt': 0.02,
};
const run = { columns: Object.keys(means), mean: (c: string) => means[c] ?? Number.NaN };

describe('checks in words', () => {
  it('names a measure from its column, with its unit at its scale', () => {
    expect(measureWords({ column: 'flow.0.thr', from: 0, to: 1 })).toBe('flow 0\u2019s throughput');
    expect(measureWords({ column: 'queue.C.len', from: 0, to: 1 })).toBe('queue C queue\u2019s length');
    expect(measureWords({ column: 'queue.bottleneck.len', from: 0, to: 1 })).toBe('the bottleneck queue\u2019s length');
    expect(measureWords({ column: 'flow.*.thr', from: 0, to: 1, across: 'jain' })).toBe(
      'Jain\u2019s index of the flows\u2019 throughput',
    );
    expect(measureWords({ column: 'flow.*.thr', from: 0, to: 1, across: 'sum', flows: [1, 4] })).toBe(
      'the total throughput of flows 1\u20134',
    );
    expect(measureWords({ column: 'flow.0.thr', from: 0, to: 1, label: 'the big flow' })).toBe('the big flow');
    expect(measureWords({ column: 'flow.*.timeouts', from: 0, to: 1, across: 'mean' })).toBe(
      'the mean number of timeouts per flow',
    );
    // A column it has no words for is named as it is (lessonFiles.test.ts refuses that in a lesson).
    expect(measureWords({ column: 'flow.0.mystery', from: 0, to: 1 })).toBe('flow.0.mystery');
    expect(measureUnit({ column: 'flow.0.srtt', from: 0, to: 1 })).toBe('s');
    expect(measureUnit({ column: 'queue.bottleneck.delay', from: 0, to: 1, scale: 1000 })).toBe('ms');
    expect(measureUnit({ column: 'flow.0.thr', from: 0, to: 1, scale: 1e-6 })).toBe('Mb/s');
    expect(measureUnit({ column: 'flow.*.thr', from: 0, to: 1, across: 'jain' })).toBeUndefined();
  });

  const step: LessonStep = {
    title: 's',
    scenario: { preset: 'p' },
    text: '',
    measures: {
      util: { column: 'link.bottleneck.util', from: 10, to: 40, scale: 100, unit: '%', digits: 1 },
      q: { column: 'queue.bottleneck.len', from: 10, to: 40, digits: 0 },
      f0: { column: 'flow.0.thr', from: 0, to: 10, scale: 1e-6, unit: 'Mb/s', digits: 1 },
      f1: { column: 'flow.1.thr', from: 0, to: 10, scale: 1e-6, unit: 'Mb/s', digits: 1 },
      rtt: { column: 'flow.0.srtt', from: 0, to: 10, scale: 1000, digits: 0 },
    },
    checks: [
      { left: 'util', op: '<', right: 90 },
      { left: 'f0', op: '>', right: 'f1', factor: 3 },
      { left: 'util', op: '>', right: 70 },
      { left: 'q', op: '<', right: 5 },
      { left: 'rtt', op: '<', right: 50 },
    ],
  };

  it('says each check once, a range as "between", a failed one with "not"', () => {
    expect(checkSentences(step, run)).toEqual([
      { ok: true, text: 'The bottleneck link\u2019s utilisation over 10\u201340 s was 85.4%: between 70% and 90%.' },
      {
        ok: true,
        text: 'Flow 0\u2019s throughput over 0\u201310 s was 4.0 Mb/s: more than 3 times flow 1\u2019s throughput (1.0 Mb/s).',
      },
      { ok: false, text: 'The bottleneck queue\u2019s length over 10\u201340 s was 10 packets: not below 5 packets.' },
      { ok: true, text: 'Flow 0\u2019s smoothed round-trip time over 0\u201310 s was 20 ms: below 50 ms.' },
    ]);
  });

  it('never shows a measure name or an operator', () => {
    for (const s of checkSentences(step, run)) expect(s.text).not.toMatch(/\b(util|f0|f1|q|rtt)\b|[<>=]/);
  });
});
