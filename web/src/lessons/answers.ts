// What a student did in a lesson, kept in localStorage per lesson so it is shown again on a later
// visit and can be handed in (handIn.ts): the option predicted at each step ({ "2": 1 }: step 2,
// option 1), and what each step's run showed when its answer was revealed. Storage may be
// unavailable (private mode, embeds without storage access): then they last as long as the page.
import type { CheckSentence } from './checkWords';

/** What a step's run showed: the reveal's sentences, the run's link and when. */
export interface StepResult {
  measured: CheckSentence[];
  link: string;
  at: string;
}

const memory = new Map<string, unknown>();

function load(key: string): Record<string, unknown> {
  try {
    const raw = localStorage.getItem(key);
    if (raw) {
      const v = JSON.parse(raw) as unknown;
      if (v && typeof v === 'object' && !Array.isArray(v)) return v as Record<string, unknown>;
    }
  } catch {
    /* fall back to memory */
  }
  return { ...((memory.get(key) as Record<string, unknown> | undefined) ?? {}) };
}

const listeners = new Set<() => void>();

/** Calls `f` after each answer or result is recorded (an embed's host may watch them); returns the unsubscribe. */
export function watchLessonRecords(f: () => void): () => void {
  listeners.add(f);
  return () => listeners.delete(f);
}

function save(key: string, all: Record<string, unknown>): void {
  memory.set(key, all);
  queueMicrotask(() => listeners.forEach((f) => f()));
  try {
    localStorage.setItem(key, JSON.stringify(all));
  } catch {
    /* memory only */
  }
}

const answersKey = (lessonId: string) => `bl.lesson.${lessonId}.answers`;
const resultsKey = (lessonId: string) => `bl.lesson.${lessonId}.results`;

export function loadAnswers(lessonId: string): Record<string, number> {
  return Object.fromEntries(
    Object.entries(load(answersKey(lessonId))).filter(([, x]) => Number.isInteger(x)),
  ) as Record<string, number>;
}

/** Records the option chosen at a step (1-based). */
export function saveAnswer(lessonId: string, step: number, option: number): void {
  save(answersKey(lessonId), { ...loadAnswers(lessonId), [String(step)]: option });
}

function isResult(v: unknown): v is StepResult {
  const r = v as StepResult;
  return (
    !!r &&
    typeof r === 'object' &&
    typeof r.link === 'string' &&
    typeof r.at === 'string' &&
    Array.isArray(r.measured) &&
    r.measured.every((m) => !!m && typeof m.text === 'string' && typeof m.ok === 'boolean')
  );
}

export function loadResults(lessonId: string): Record<string, StepResult> {
  return Object.fromEntries(Object.entries(load(resultsKey(lessonId))).filter(([, r]) => isResult(r))) as Record<
    string,
    StepResult
  >;
}

/** Records what a step's run showed (the latest run of the step replaces an earlier one). */
export function saveResult(lessonId: string, step: number, result: StepResult): void {
  save(resultsKey(lessonId), { ...loadResults(lessonId), [String(step)]: result });
}
