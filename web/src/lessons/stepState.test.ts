import { describe, expect, it } from 'vitest';
import { offPath, stepHash, stepState } from './stepState';
import type { Lesson } from './lessonTypes';

const lesson: Lesson = {
  id: 'demo',
  title: 'Demo',
  summary: 's',
  topics: [],
  steps: [
    {
      title: 'a',
      text: 't',
      scenario: { preset: 'xqm-fig2-red', set: { 'flows.count': 2, 'queue.maxP': 0.2, 'exoLoss.steps': '~' } },
      live: [{ t: 30, entity: 'queue.bottleneck', key: 'minTh', value: 10 }],
      charts: ['queue', 'cwnd'],
      speed: 4,
    },
    { title: 'b', text: 't', scenario: { hash: '#v=1&preset=xqm-dumbbell&seed=3' } },
  ],
};

describe('a lesson step as app state', () => {
  it('is a scenario URL: preset, changed fields, live changes, charts and speed', () => {
    expect(stepHash(lesson.steps[0]!)).toBe(
      '#v=1&preset=xqm-fig2-red&flows.count=2&queue.maxP=0.2&exoLoss.steps=~&live=30:queue.bottleneck:minTh:10&view.charts=queue,cwnd&view.speed=4',
    );
    const d = stepState(lesson, 0);
    expect(d.dropped).toEqual([]);
    expect(d.state.preset).toBe('xqm-fig2-red');
    expect(d.state.scenario.flows).toMatchObject({ count: 2 });
    expect(d.state.scenario.exoLoss).toEqual({ kind: 'schedule' });
    expect(d.state.live).toEqual([{ t: 30, entity: 'queue.bottleneck', key: 'minTh', value: 10 }]);
    expect(d.state.view.charts).toEqual(['queue', 'cwnd']);
    expect(d.state.lesson).toEqual({ id: 'demo', step: 1 });
  });

  it('keeps what the step does not set about the view (theme, hidden flows)', () => {
    const keep = { ...stepState(lesson, 1).state.view, theme: 'dark' as const, hidden: [1], charts: ['jain' as const] };
    const v = stepState(lesson, 1, undefined, keep).state.view;
    expect(v).toMatchObject({ theme: 'dark', hidden: [1], charts: ['jain'] });
    expect(stepState(lesson, 0, undefined, keep).state.view.charts).toEqual(['queue', 'cwnd']);
    expect(stepState(lesson, 1).state.scenario.seed).toBe(3);
  });

  it('tells when the student has left the path', () => {
    const step = stepState(lesson, 0).state;
    expect(offPath(structuredClone(step), step)).toBe(false);
    expect(offPath({ ...step, view: { ...step.view, theme: 'dark' } }, step)).toBe(false);
    expect(
      offPath({ ...step, live: [...step.live, { t: 5, entity: 'flows', key: 'exoLoss', value: 0.01 }] }, step),
    ).toBe(true);
    const changed = structuredClone(step);
    changed.scenario.seed = 9;
    expect(offPath(changed, step)).toBe(true);
  });
});
