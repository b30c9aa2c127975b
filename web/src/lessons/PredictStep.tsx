// "Predict, then run": the question comes first, the run starts once an answer is recorded,
// and what happened (with the numbers measured in this run) is revealed when the run has
// reached the time the step's measures need.
import { useState } from 'react';
import type { LessonStep, Prediction } from './lessonTypes';
import { type RunReader, fillText } from './measures';
import { loadAnswers, saveAnswer } from './answers';
import { useStepResult } from './useStepResult';
import { LessonText } from './LessonText';

export interface PredictProps {
  lessonId: string;
  stepNo: number;
  step: LessonStep & { predict: Prediction };
  run: RunReader;
  now: number;
  /** Simulated time at which the answer is revealed. */
  revealAt: number;
  /** Has this step's run been started (played past 0)? */
  running: boolean;
  /** The step's own run is not in the store yet (the last step's is), or the core's summary a "summary.*" measure reads has not come back. */
  waiting?: boolean;
  onRun: () => void;
}

export function PredictStep({ lessonId, stepNo, step, run, now, revealAt, running, waiting, onRun }: PredictProps) {
  const p = step.predict;
  const [recorded, setRecorded] = useState<number | undefined>(() => loadAnswers(lessonId)[String(stepNo)]);
  const [choice, setChoice] = useState<number | undefined>(recorded);
  const revealed = recorded !== undefined && now + 1e-9 >= revealAt && !waiting;
  // What this run showed is kept for the hand-in.
  const results = useStepResult(lessonId, stepNo, step, run, revealed);

  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    if (choice === undefined) return;
    saveAnswer(lessonId, stepNo, choice);
    setRecorded(choice);
    onRun();
  };

  return (
    <section className="predict" aria-label="Predict, then run">
      <form onSubmit={submit}>
        <fieldset disabled={recorded !== undefined && running && !revealed}>
          <legend>Predict: {p.question}</legend>
          {p.options.map((o, i) => (
            <label key={i} className={`predict-option${revealed && i === p.answer ? ' correct' : ''}`}>
              <input
                type="radio"
                name={`predict-${stepNo}`}
                value={i}
                checked={choice === i}
                onChange={() => setChoice(i)}
              />
              {o}
            </label>
          ))}
          <button type="submit" disabled={choice === undefined}>
            {recorded === undefined ? 'Record my answer and run' : 'Run'}
          </button>
        </fieldset>
      </form>
      {recorded !== undefined ? (
        <p className="predict-recorded" data-testid="predict-recorded">
          You predicted: <strong>{p.options[recorded]}</strong>
        </p>
      ) : null}
      {recorded !== undefined && !revealed ? (
        <p className="muted small">Running to {revealAt} s of simulated time, then the answer...</p>
      ) : null}
      {revealed ? (
        <div className="predict-reveal" data-testid="predict-reveal" role="status">
          <p>
            <strong>
              {recorded === p.answer ? 'Right.' : `Not this time: the run shows "${p.options[p.answer]}".`}
            </strong>
          </p>
          <LessonText text={fillText(p.reveal, step.measures, run, now)} />
          <ul className="predict-checks muted small" aria-label="Measured in this run">
            {results.map((r, i) => (
              <li key={i}>
                <span className={r.ok ? 'check-ok' : 'check-no'}>{r.ok ? '\u2713' : '\u2717'}</span> {r.text}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </section>
  );
}
