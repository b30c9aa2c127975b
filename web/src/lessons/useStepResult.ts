// What a step's run showed, kept for the hand-in (handIn.ts) once the run has reached the time the
// step's measures need: a prediction's reveal, and a step without one whose text states numbers
// of the run (its checks), so the record holds every step's measurements, not only the answered
// ones. The latest run of a step replaces an earlier one.
import { useEffect } from 'react';
import type { LessonStep } from './lessonTypes';
import type { RunReader } from './measures';
import { type CheckSentence, checkSentences } from './checkWords';
import { saveResult } from './answers';

/** The step's checks in words once `reached` (else none), saved as the step's result. */
export function useStepResult(
  lessonId: string,
  stepNo: number,
  step: LessonStep,
  run: RunReader,
  reached: boolean,
): CheckSentence[] {
  const results = reached ? checkSentences(step, run) : [];
  const said = JSON.stringify(results);
  useEffect(() => {
    if (!reached) return;
    const measured = JSON.parse(said) as CheckSentence[];
    saveResult(lessonId, stepNo, { measured, link: location.href, at: new Date().toISOString() });
  }, [reached, said, lessonId, stepNo]);
  return results;
}

/** Keeps a step's result where nothing else on the page shows it (a step without a prediction). */
export function StepResultKeeper(props: {
  lessonId: string;
  stepNo: number;
  step: LessonStep;
  run: RunReader;
  reached: boolean;
}): null {
  useStepResult(props.lessonId, props.stepNo, props.step, props.run, props.reached);
  return null;
}
