import { describe, expect, it } from 'vitest';
import { parseIndex, parseLesson } from './loadLesson';

const step = {
  title: 'One flow',
  scenario: { preset: 'xqm-fig2-droptail', set: { 'flows.count': 1 } },
  text: 'Jain is {jain}.',
  measures: { jain: { column: 'flow.*.thr', across: 'jain', from: 10, to: 20 } },
  checks: [{ left: 'jain', op: '>', right: 0.9 }],
  predict: { question: 'Fair?', options: ['yes', 'no'], answer: 0, reveal: 'It was {jain}.' },
  annotations: [{ chart: 'queue', t: 12, y: 40, text: 'here' }],
};
const lesson = { id: 'demo', title: 'Demo', summary: 'A demo.', topics: ['AIMD'], steps: [step] };

function errorsOf(v: unknown, id = 'demo'): string[] {
  const r = parseLesson(v, id);
  return r.ok ? [] : r.errors;
}

describe('parseLesson', () => {
  it('reads a valid lesson', () => {
    const r = parseLesson(lesson, 'demo');
    expect(r.ok).toBe(true);
    if (r.ok) {
      expect(r.value.steps[0]!.annotations).toEqual([{ chart: 'queue', t: 12, y: 40, text: 'here' }]);
      expect(r.value.steps[0]!.predict?.answer).toBe(0);
    }
  });

  it('names the field and the allowed values of every error', () => {
    const bad = {
      ...lesson,
      steps: [{ ...step, annotations: [{ chart: 'pie', t: -1, text: 'x' }], speed: 0.01, charts: ['queue', 'nope'] }],
    };
    expect(errorsOf(bad)).toEqual([
      'steps[0].charts: expected a list of chart ids (cwnd, queue, throughput, loss, jain, share)',
      'steps[0].speed: expected 0 (as fast as possible) or 0.1 to 1000',
      'steps[0].annotations[0].chart: expected a chart id (cwnd, queue, throughput, loss, jain, share)',
    ]);
    expect(errorsOf({ ...lesson, steps: [{ ...step, annotations: [{ chart: 'queue', t: -1, text: 'x' }] }] })).toEqual([
      'steps[0].annotations[0].t: expected a number from 0 to 1000000',
    ]);
  });

  it('refuses an id that differs from its folder, unknown fields and empty steps', () => {
    expect(errorsOf(lesson, 'other')).toContain('lesson.id: "demo" differs from its folder "other"');
    expect(errorsOf({ ...lesson, colour: 'red' })[0]).toMatch(/^lesson\.colour: unknown field/);
    expect(errorsOf({ ...lesson, steps: [] })).toEqual(['lesson.steps: expected at least one step']);
  });

  it('refuses placeholders and checks that name no measure, and predictions without a check', () => {
    expect(errorsOf({ ...lesson, steps: [{ ...step, text: 'see {thr}' }] })).toEqual([
      'steps[0].text: {thr} is not a measure of this step',
    ]);
    expect(errorsOf({ ...lesson, steps: [{ ...step, checks: [{ left: 'x', op: '>', right: 1 }] }] })).toEqual([
      'steps[0].checks[0].left: "x" is not a measure of this step',
      'steps[0].checks: a prediction needs at least one check that shows its answer in the run',
    ]);
    expect(errorsOf({ ...lesson, steps: [{ ...step, predict: { ...step.predict, answer: 2 } }] })).toEqual([
      'steps[0].predict.answer: expected a number from 0 to 1',
    ]);
  });

  it('refuses a measure whose window is empty or whose "*" lacks across', () => {
    const m = (x: object) =>
      errorsOf({ ...lesson, steps: [{ ...step, measures: { jain: { ...step.measures.jain, ...x } } }] });
    expect(m({ to: 5 })).toEqual(['steps[0].measures.jain.to: expected a time after from (10)']);
    expect(m({ across: undefined })).toEqual([
      'steps[0].measures.jain.across: a column with "*" needs across (sum, mean, min, max or jain)',
    ]);
    expect(m({ column: 'summary.p99Delay', across: undefined })).toEqual([
      'steps[0].measures.jain.column: expected one of summary.meanDelay, summary.p95Delay for a summary measure',
    ]);
  });

  it('accepts a scenario URL hash instead of a preset', () => {
    expect(errorsOf({ ...lesson, steps: [{ ...step, scenario: { hash: '#v=1&preset=xqm-dumbbell' } }] })).toEqual([]);
    expect(errorsOf({ ...lesson, steps: [{ ...step, scenario: { hash: 'preset=x' } }] })).toEqual([
      'steps[0].scenario.hash: expected a scenario URL hash starting with "#v="',
    ]);
  });
});

describe('parseIndex', () => {
  it('reads entries and refuses duplicates', () => {
    const e = { id: 'a', title: 'A', summary: 's', topics: ['t'] };
    expect(parseIndex([e]).ok).toBe(true);
    expect(parseIndex([e, e])).toEqual({ ok: false, errors: ['index[1].id: "a" is listed twice'] });
    expect(parseIndex({})).toEqual({ ok: false, errors: ['index: expected a list of lessons'] });
  });
});
