// The lessons index (#lessons): every lesson of public/lessons/index.json with its link.
import { useEffect, useState } from 'react';
import type { LessonIndexEntry } from './lessonTypes';
import { fetchIndex } from './loadLesson';
import { lessonHref, simulatorHref } from './lessonRoute';
import './lessons.css';

export function LessonIndex() {
  const [entries, setEntries] = useState<LessonIndexEntry[] | null>(null);
  const [errors, setErrors] = useState<string[]>([]);
  useEffect(() => {
    let alive = true;
    void fetchIndex().then((r) => {
      if (!alive) return;
      if (r.ok) setEntries(r.value);
      else setErrors(r.errors);
    });
    return () => {
      alive = false;
    };
  }, []);
  return (
    <main className="lesson-index" aria-labelledby="lessons-title">
      <h2 id="lessons-title">Lessons</h2>
      <p className="small">
        <a href={simulatorHref()}>Back to the simulator</a>
      </p>
      <p className="muted">
        Guided tours of the simulator: each step sets up a scenario, runs it and says what to look for. Some ask you to
        predict first.
      </p>
      {errors.length ? (
        <div className="notice error" role="alert">
          {errors.map((e) => (
            <div key={e}>{e}</div>
          ))}
        </div>
      ) : null}
      {entries === null && !errors.length ? <p className="muted">Loading...</p> : null}
      <ol className="lesson-list">
        {(entries ?? []).map((e) => (
          <li key={e.id} data-lesson={e.id}>
            <a href={lessonHref(e.id)}>
              <strong>{e.title}</strong>
            </a>
            <p>{e.summary}</p>
            <p className="muted small">{e.topics.join(' · ')}</p>
          </li>
        ))}
      </ol>
    </main>
  );
}
