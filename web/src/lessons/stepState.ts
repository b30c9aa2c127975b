// A lesson step as app state: the step is written as a scenario URL hash (preset, changed
// fields, live changes, charts, speed) and read back with the app's own URL decoder, so a
// step is exactly what a shared link would be and is validated the same way.
import type { ParamSpec } from '../params/types';
import {
  type AppState,
  type Decoded,
  ABSENT,
  decodeState,
  encodeAbsent,
  encodeField,
  encodeLive,
} from '../url/scenarioUrl';
import { jsonEqual } from '../../../wasm-core/js/paths.mjs';
import type { Lesson, LessonStep } from './lessonTypes';

/** The scenario URL hash of a step (without the lesson keys). */
export function stepHash(step: LessonStep): string {
  const sc = step.scenario;
  const parts =
    'hash' in sc
      ? [sc.hash.replace(/^#/, '')]
      : [
          'v=1',
          encodeField('preset', sc.preset),
          ...Object.entries(sc.set ?? {}).map(([k, v]) => (v === ABSENT ? encodeAbsent(k) : encodeField(k, v))),
        ];
  if (step.live?.length) parts.push(encodeLive(step.live));
  if (step.charts) parts.push(`view.charts=${step.charts.join(',')}`);
  if (step.speed !== undefined) parts.push(`view.speed=${step.speed}`);
  return '#' + parts.join('&');
}

/** The app state of step `index` (0-based) of a lesson; `dropped` lists what did not decode. */
export function stepState(
  lesson: Lesson,
  index: number,
  specs?: readonly ParamSpec[],
  keep?: AppState['view'],
): Decoded {
  const step = lesson.steps[index]!;
  const d = decodeState(stepHash(step), specs);
  const view = d.state.view;
  // What the step does not set about the view (theme, hidden flows) stays as the student had it.
  if (keep)
    d.state.view = {
      ...keep,
      charts: step.charts ? view.charts : keep.charts,
      speed: step.speed !== undefined ? view.speed : keep.speed,
    };
  d.state.lesson = { id: lesson.id, step: index + 1 };
  return d;
}

/** Has the student left the step's path (changed the scenario or made live changes)? */
export function offPath(current: AppState, step: AppState): boolean {
  return (
    current.preset !== step.preset ||
    !jsonEqual(current.scenario, step.scenario) ||
    JSON.stringify(current.live) !== JSON.stringify(step.live)
  );
}
