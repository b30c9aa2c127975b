// A lesson's hand-in: what the student predicted at each step beside what the run showed, as one
// record (JSON), one CSV row per step, and xAPI statements (the form H5P activities and learning
// management systems record from embedded activities: actor, verb "answered", the step as the
// object, the choice as the result). Nothing leaves the page unless the student downloads or
// prints it, or the host page of an embed asks for it (docs/teaching.md, "Handing work in").
import type { Lesson } from './lessonTypes';
import type { StepResult } from './answers';
import type { CheckSentence } from './checkWords';

export const RECORD_FORMAT = 'bottleneck-lab/lesson-record';

export interface StepRecord {
  step: number;
  title: string;
  /** The prediction asked at this step, if any. */
  question?: string;
  options?: string[];
  /** The option the student chose (its text), absent if not answered. */
  predicted?: string;
  /** The option the run bears out. */
  shown?: string;
  /** Did the student predict what the run showed? */
  correct?: boolean;
  /** What the step's run measured (the reveal's sentences), once the run got that far. */
  measured?: CheckSentence[];
  /** The link that reproduces the step's run as the student ran it. */
  link?: string;
  /** When the run was measured (ISO 8601). */
  at?: string;
}

export interface LessonRecord {
  format: typeof RECORD_FORMAT;
  version: 1;
  lesson: { id: string; title: string; link: string };
  student: string;
  created: string;
  steps: StepRecord[];
}

/** The record of a lesson from the answers and results kept for it. */
export function buildRecord(
  lesson: Lesson,
  answers: Record<string, number>,
  results: Record<string, StepResult>,
  student: string,
  lessonLink: string,
  now: Date,
): LessonRecord {
  const steps = lesson.steps.map((s, i): StepRecord => {
    const n = i + 1;
    const r: StepRecord = { step: n, title: s.title };
    const p = s.predict;
    if (p) {
      r.question = p.question;
      r.options = [...p.options];
      r.shown = p.options[p.answer];
      const a = answers[String(n)];
      if (a !== undefined && p.options[a] !== undefined) {
        r.predicted = p.options[a];
        r.correct = a === p.answer;
      }
    }
    const res = results[String(n)];
    if (res) {
      r.measured = res.measured.map((m) => ({ ok: m.ok, text: m.text }));
      r.link = res.link;
      r.at = res.at;
    }
    return r;
  });
  return {
    format: RECORD_FORMAT,
    version: 1,
    lesson: { id: lesson.id, title: lesson.title, link: lessonLink },
    student: student.trim(),
    created: now.toISOString(),
    steps,
  };
}

const CSV_COLUMNS = [
  'lesson',
  'student',
  'step',
  'title',
  'question',
  'predicted',
  'run showed',
  'correct',
  'measured',
  'link',
] as const;

/** RFC 4180 field: quoted when it holds a comma, quote or line break; a leading = + - @ is defused for spreadsheets. */
function csvField(v: string): string {
  const safe = /^[=+\-@\t\r]/.test(v) ? `'${v}` : v;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/** One row per step, with a header; the measured sentences joined by " | ". */
export function recordCsv(rec: LessonRecord): string {
  const rows = rec.steps.map((s) =>
    [
      rec.lesson.id,
      rec.student,
      String(s.step),
      s.title,
      s.question ?? '',
      s.predicted ?? '',
      s.shown ?? '',
      s.correct === undefined ? '' : s.correct ? 'yes' : 'no',
      (s.measured ?? []).map((m) => `${m.ok ? '' : 'NOT: '}${m.text}`).join(' | '),
      s.link ?? '',
    ].map(csvField),
  );
  return [CSV_COLUMNS.join(','), ...rows.map((r) => r.join(','))].join('\r\n') + '\r\n';
}

const ANSWERED = 'http://adlnet.gov/expapi/verbs/answered';
const INTERACTION = 'http://adlnet.gov/expapi/activities/cmi.interaction';
const en = (text: string) => ({ 'en-US': text });

/**
 * xAPI statements, one per answered prediction: actor (the name typed, as an account of the
 * page's origin, since no e-mail is asked), verb "answered", object the lesson step (a choice
 * interaction with its options and the answer the run bears out), result (the choice, whether it
 * matched, and what the run measured as an extension).
 */
export function xapiStatements(rec: LessonRecord, origin: string): object[] {
  const actor = { objectType: 'Agent', account: { homePage: origin, name: rec.student || 'anonymous' } };
  return rec.steps
    .filter((s) => s.predicted !== undefined)
    .map((s) => ({
      actor,
      verb: { id: ANSWERED, display: en('answered') },
      object: {
        objectType: 'Activity',
        id: `${origin}/#lesson=${encodeURIComponent(rec.lesson.id)}&step=${s.step}`,
        definition: {
          name: en(`${rec.lesson.title}, step ${s.step}: ${s.title}`),
          description: en(s.question!),
          type: INTERACTION,
          interactionType: 'choice',
          choices: s.options!.map((o, i) => ({ id: `option-${i}`, description: en(o) })),
          correctResponsesPattern: [`option-${s.options!.indexOf(s.shown!)}`],
        },
      },
      result: {
        response: `option-${s.options!.indexOf(s.predicted!)}`,
        success: s.correct,
        ...(s.measured ? { extensions: { [`${origin}/xapi/measured`]: s.measured.map((m) => m.text) } } : {}),
      },
      timestamp: s.at ?? rec.created,
    }));
}

/** A file name for the hand-in: lesson id, student name (letters and digits only), date. */
export function handInFileName(rec: LessonRecord, ext: 'json' | 'csv'): string {
  const who = rec.student.replace(/[^A-Za-z0-9]+/g, '-').replace(/^-|-$/g, '');
  return `${rec.lesson.id}${who ? `-${who}` : ''}-${rec.created.slice(0, 10)}.${ext}`;
}
