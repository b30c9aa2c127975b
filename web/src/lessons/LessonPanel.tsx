// The lesson beside the live simulation: step n of m, its text and equation, the prediction,
// the notes pinned on the charts so far, previous/next, and the way back to the step's state
// when the student has wandered off (changed the scenario or a parameter).
import { Suspense, lazy, useEffect, useRef, useState, useSyncExternalStore } from 'react';
import type { SimController } from '../run/simController';
import type { Summary } from '../params/types';
import { SUMMARY_PREFIX } from './loadLesson';
import type { LessonApi } from './useLesson';
import { LESSONS_ROUTE, lessonHref } from './lessonRoute';
import { LessonText } from './LessonText';
// KaTeX (and its fonts) load only when a lesson shows an equation, not with the app.
const Equation = lazy(() => import('./Equation'));
import { PredictStep } from './PredictStep';
import { StepResultKeeper } from './useStepResult';
import { fillText, measuredBy } from './measures';
import { useSimTime } from './useSimTime';
import { PredictionSummary } from './PredictionSummary';
import { HandIn } from './HandIn';
import './lessons.css';

export function LessonPanel({ sim, api }: { sim: SimController; api: LessonApi }) {
  const now = useSimTime(sim, 0.5);
  const status = useSyncExternalStore(sim.subscribe, () => sim.getSnapshot().status);
  const { lesson, step: n } = api;
  // After Previous/Next the keyboard focus moves to the new step's title: left on Next, a Space
  // meant for Play would press Next again and skip the step (and its prediction).
  const title = useRef<HTMLHeadingElement>(null);
  const shown = useRef<string | null>(null);
  const where = lesson ? `${lesson.id}#${n}` : null;
  useEffect(() => {
    if (!where) return;
    const before = shown.current;
    shown.current = where;
    const active = document.activeElement;
    const fromNav = !active || active === document.body || !!active.closest('.lesson-nav');
    if (before !== null && before !== where && fromNav) title.current?.focus();
  }, [where]);
  // A step that measures the core's summary ("summary.p95Delay") reads it once its run has
  // reached the measures' end: the core's percentiles, not recomputed from the chart's rows.
  const runId = useSyncExternalStore(sim.subscribe, () => sim.getSnapshot().runId);
  const [summary, setSummary] = useState<{ runId: number; where: string; value: Summary } | null>(null);
  const summaryAt = Math.max(
    0,
    ...Object.values(lesson?.steps[n - 1]?.measures ?? {})
      .filter((m) => m.column.startsWith(SUMMARY_PREFIX))
      .map((m) => m.to),
  );
  const summaryDue = summaryAt > 0 && now + 1e-9 >= summaryAt;
  useEffect(() => {
    if (!summaryDue || !where) return;
    let live = true;
    sim
      .summary()
      .then((value) => {
        if (live) setSummary({ runId, where, value });
      })
      .catch(() => {});
    return () => {
      live = false;
    };
  }, [sim, summaryDue, runId, where]);
  if (!lesson) {
    return (
      <aside className="lesson-panel" aria-label="Lesson">
        {api.errors.length ? (
          <div className="notice error" role="alert">
            {api.errors.map((e) => (
              <div key={e}>{e}</div>
            ))}
          </div>
        ) : (
          <p className="muted">Loading the lesson...</p>
        )}
        {api.errors.length && api.index?.length ? (
          <nav aria-label="Lessons on this site">
            <p className="small">Choose one of the lessons on this site:</p>
            <ul className="lesson-choices small">
              {api.index.map((e) => (
                <li key={e.id}>
                  <a href={lessonHref(e.id)}>{e.title}</a>
                </li>
              ))}
            </ul>
          </nav>
        ) : null}
        <a href={LESSONS_ROUTE}>All lessons</a>
      </aside>
    );
  }
  const step = lesson.steps[n - 1]!;
  const store = sim.store;
  const run = {
    columns: store.columns,
    mean: (c: string, a: number, b: number) => store.mean(c, a, b),
    summary:
      summaryDue && summary?.runId === runId && summary.where === where
        ? (summary.value as unknown as Record<string, unknown>)
        : undefined,
  };
  const revealAt = measuredBy(step) || step.runTo || sim.getSnapshot().duration;
  const duration = sim.getSnapshot().duration;
  const last = n === lesson.steps.length;
  // The last step is complete when its run has reached the step's end (or the scenario's).
  const complete = last && !api.offPath && (status === 'finished' || now + 1e-9 >= (step.runTo ?? duration));
  const due = (step.annotations ?? []).filter((a) => a.t <= now + 0.5);
  return (
    <aside className="lesson-panel" aria-label="Lesson" data-testid="lesson-panel">
      <header className="lesson-head">
        <nav className="small lesson-links">
          <a href={LESSONS_ROUTE}>All lessons</a> <a href={api.exitHref}>Leave the lesson</a>
        </nav>
        <h2>{lesson.title}</h2>
        <p className="muted small" data-testid="lesson-progress">
          Step {n} of {lesson.steps.length}
        </p>
      </header>
      <h3 ref={title} tabIndex={-1}>
        {step.title}
      </h3>
      {api.missingStep ? (
        <p className="notice" role="status" data-testid="lesson-missing-step">
          This lesson has {lesson.steps.length} steps: there is no step {api.missingStep.asked}, so step{' '}
          {api.missingStep.shown} is shown.
        </p>
      ) : null}
      {api.offPath ? (
        <div className="notice lesson-offpath" role="status">
          You have changed the scenario: the lesson's notes are hidden.
          <button type="button" onClick={api.restart}>
            Back to the lesson step
          </button>
        </div>
      ) : null}
      <LessonText text={fillText(step.text, step.measures, run, now)} />
      {step.equation ? (
        <Suspense fallback={<pre className="lesson-equation">{step.equation}</pre>}>
          <Equation tex={step.equation} />
        </Suspense>
      ) : null}
      {step.predict && !api.offPath ? (
        <PredictStep
          key={`${lesson.id}-${n}`}
          lessonId={lesson.id}
          stepNo={n}
          step={{ ...step, predict: step.predict }}
          run={run}
          now={now}
          revealAt={revealAt}
          waiting={!sim.storeIsCurrent || (summaryAt > 0 && run.summary === undefined)}
          running={status === 'playing' || now > 0}
          onRun={api.answered}
        />
      ) : null}
      {!step.predict && step.checks?.length && !api.offPath ? (
        <StepResultKeeper
          key={`${lesson.id}-${n}`}
          lessonId={lesson.id}
          stepNo={n}
          step={step}
          run={run}
          reached={sim.storeIsCurrent && now + 1e-9 >= revealAt && !(summaryAt > 0 && run.summary === undefined)}
        />
      ) : null}
      {due.length && !api.offPath ? (
        <ul className="lesson-notes small" aria-label="Notes on the charts">
          {due.map((a, i) => (
            <li key={i}>
              <span className="muted">
                {a.chart}, t = {a.t} s:
              </span>{' '}
              {a.text}
            </li>
          ))}
        </ul>
      ) : null}
      {step.runTo !== undefined && !step.predict && !last && step.runTo < duration ? (
        <p className="muted small">The run pauses at {step.runTo} s; press Play to go on.</p>
      ) : null}
      {last ? <PredictionSummary lesson={lesson} /> : null}
      {last && lesson.steps.some((s) => s.predict) ? <HandIn lesson={lesson} /> : null}
      {last && complete ? (
        <section className="lesson-complete" aria-label="Lesson complete" data-testid="lesson-complete" role="status">
          <h4>Lesson complete</h4>
          {api.next ? (
            <p>
              Next lesson: <a href={lessonHref(api.next.id)}>{api.next.title}</a>
            </p>
          ) : (
            <p>
              That was the last lesson. <a href={LESSONS_ROUTE}>All lessons</a>
            </p>
          )}
        </section>
      ) : null}
      <nav className="lesson-nav" aria-label="Lesson steps">
        <button type="button" onClick={() => api.goTo(n - 1)} disabled={n <= 1}>
          Previous
        </button>
        <button type="button" onClick={api.restart} title="Start this step's run again">
          Restart step
        </button>
        <button
          type="button"
          onClick={() => api.goTo(n + 1)}
          disabled={n >= lesson.steps.length || api.waiting}
          aria-describedby={api.waiting && n < lesson.steps.length ? 'lesson-next-waits' : undefined}
        >
          Next
        </button>
      </nav>
      {api.waiting && n < lesson.steps.length ? (
        <p className="muted small" id="lesson-next-waits">
          Answer the prediction above to go on to the next step.
        </p>
      ) : null}
    </aside>
  );
}
