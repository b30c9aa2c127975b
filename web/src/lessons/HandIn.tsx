// Handing a lesson in: the student's name, then a one-page print (each prediction, what the run
// showed, the run's link), or the same record as a JSON or CSV file for the instructor to collect.
import { useState } from 'react';
import { PrintSheet } from '../ui/PrintSheet';
import { downloadText } from '../ui/download';
import type { Lesson } from './lessonTypes';
import { loadAnswers } from './answers';
import { type LessonRecord, handInFileName, recordCsv } from './handIn';
import { currentRecord, loadName, saveName } from './recordSource';

function HandInSheet({ rec, onClose }: { rec: LessonRecord; onClose: () => void }) {
  return (
    <PrintSheet label="Hand-in" testId="handin-sheet" onClose={onClose}>
      <h1>{rec.lesson.title}</h1>
      <p>
        <strong>Name:</strong> {rec.student || '________________________'}{' '}
        <span className="handin-date">{rec.created.slice(0, 10)}</span>
      </p>
      <p className="print-url">{rec.lesson.link}</p>
      <ol className="handin-steps">
        {rec.steps.map((s) => (
          <li key={s.step}>
            <strong>{s.title}</strong>
            {s.question ? (
              <>
                <p>Question: {s.question}</p>
                <p>
                  Predicted: {s.predicted ?? <em>not answered</em>}
                  {s.predicted !== undefined
                    ? s.correct
                      ? ' (as the run showed)'
                      : ` (the run showed: ${s.shown})`
                    : ''}
                </p>
              </>
            ) : null}
            {s.measured?.length ? (
              <ul aria-label={`What the run of step ${s.step} showed`}>
                {s.measured.map((m, i) => (
                  <li key={i}>
                    {m.ok ? '\u2713' : '\u2717'} {m.text}
                  </li>
                ))}
              </ul>
            ) : null}
            {s.link ? <p className="print-url">Run: {s.link}</p> : null}
          </li>
        ))}
      </ol>
    </PrintSheet>
  );
}

export function HandIn({ lesson }: { lesson: Lesson }) {
  const [name, setName] = useState(loadName);
  const [sheet, setSheet] = useState<LessonRecord | null>(null);
  const record = () => currentRecord(lesson, name);
  const asked = lesson.steps.filter((s) => s.predict).length;
  const answered = Object.keys(loadAnswers(lesson.id)).length;
  return (
    <section className="handin small" aria-label="Hand in this lesson">
      <h4>Hand in</h4>
      <p className="muted">
        Your predictions ({Math.min(answered, asked)} of {asked} answered) and what your runs showed, for your
        instructor. Nothing is sent anywhere: print it or save a file.
      </p>
      <label>
        Your name{' '}
        <input
          type="text"
          value={name}
          maxLength={80}
          autoComplete="name"
          onChange={(e) => {
            setName(e.target.value);
            saveName(e.target.value);
          }}
        />
      </label>
      <div className="handin-buttons">
        <button type="button" onClick={() => setSheet(record())}>
          Print hand-in
        </button>
        <button
          type="button"
          onClick={() => {
            const r = record();
            downloadText(`${JSON.stringify(r, null, 2)}\n`, handInFileName(r, 'json'), 'application/json');
          }}
        >
          Save as JSON
        </button>
        <button
          type="button"
          onClick={() => {
            const r = record();
            downloadText(recordCsv(r), handInFileName(r, 'csv'), 'text/csv');
          }}
        >
          Save as CSV
        </button>
      </div>
      {sheet ? <HandInSheet rec={sheet} onClose={() => setSheet(null)} /> : null}
    </section>
  );
}
