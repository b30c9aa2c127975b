// The open lesson's hand-in record as the page has it now: the name the student typed (kept in
// localStorage), their answers and what their runs showed. Read by the hand-in form and, through
// App, by an embed's host page (embed/useEmbedHost.ts, "lesson-record" and "watch-lesson").
import type { Lesson } from './lessonTypes';
import { loadAnswers, loadResults, watchLessonRecords } from './answers';
import { type LessonRecord, buildRecord, xapiStatements } from './handIn';
import { lessonHref } from './lessonRoute';

const NAME_KEY = 'bl.student.name';

export function loadName(): string {
  try {
    return localStorage.getItem(NAME_KEY) ?? '';
  } catch {
    return '';
  }
}

export function saveName(name: string): void {
  try {
    localStorage.setItem(NAME_KEY, name);
  } catch {
    /* not kept */
  }
}

/** The lesson's record now, from what was kept of it. */
export function currentRecord(lesson: Lesson, student = loadName()): LessonRecord {
  const link = `${location.origin}${location.pathname}${lessonHref(lesson.id)}`;
  return buildRecord(lesson, loadAnswers(lesson.id), loadResults(lesson.id), student, link, new Date());
}

/** What an embed's host may ask for: the record and its xAPI statements, null with no lesson open. */
export function lessonRecordSource(lesson: () => Lesson | null) {
  return {
    get: () => {
      const l = lesson();
      if (!l) return null;
      const record = currentRecord(l);
      return { record, statements: xapiStatements(record, location.origin) };
    },
    watch: watchLessonRecords,
  };
}
