// Predictions a student made, kept in localStorage per lesson ({ "2": 1 }: step 2, option 1),
// so they are shown again on a later visit. Storage may be unavailable (private mode, embeds
// without storage access): then answers last as long as the page.
const memory = new Map<string, Record<string, number>>();
const key = (lessonId: string) => `bl.lesson.${lessonId}.answers`;

export function loadAnswers(lessonId: string): Record<string, number> {
  try {
    const raw = localStorage.getItem(key(lessonId));
    if (raw) {
      const v = JSON.parse(raw) as unknown;
      if (v && typeof v === 'object' && !Array.isArray(v)) {
        return Object.fromEntries(Object.entries(v).filter(([, x]) => Number.isInteger(x))) as Record<string, number>;
      }
    }
  } catch {
    /* fall back to memory */
  }
  return { ...(memory.get(lessonId) ?? {}) };
}

/** Records the option chosen at a step (1-based). */
export function saveAnswer(lessonId: string, step: number, option: number): void {
  const all = { ...loadAnswers(lessonId), [String(step)]: option };
  memory.set(lessonId, all);
  try {
    localStorage.setItem(key(lessonId), JSON.stringify(all));
  } catch {
    /* memory only */
  }
}
