// At the end of a lesson: the predictions the student recorded (kept in localStorage) beside
// what the runs showed.
import type { Lesson } from './lessonTypes';
import { loadAnswers } from './answers';

export function PredictionSummary({ lesson }: { lesson: Lesson }) {
  const answers = loadAnswers(lesson.id);
  const asked = lesson.steps.map((s, i) => ({ p: s.predict, n: i + 1 })).filter((x) => x.p !== undefined);
  if (!asked.length) return null;
  return (
    <section className="prediction-summary small" aria-label="Your predictions in this lesson">
      <h4>Your predictions in this lesson</h4>
      <ul>
        {asked.map(({ p, n }) => {
          const a = answers[String(n)];
          const verdict =
            a === undefined
              ? 'not answered yet'
              : a === p!.answer
                ? 'as the run showed'
                : `the run showed: ${p!.options[p!.answer]}`;
          return (
            <li key={n}>
              Step {n}: {a === undefined ? '-' : <strong>{p!.options[a]}</strong>}{' '}
              <span className="muted">({verdict})</span>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
