// The lessons index is a page of its own at #lessons (not a scenario URL).
import { useSyncExternalStore } from 'react';

export const LESSONS_ROUTE = '#lessons';

export function isLessonsIndex(hash: string): boolean {
  return hash === LESSONS_ROUTE;
}

/** A lesson's link (step 1-based, left out for the first step). */
export function lessonHref(id: string, step = 1): string {
  return `#lesson=${encodeURIComponent(id)}${step > 1 ? `&step=${step}` : ''}`;
}

const subscribe = (f: () => void) => {
  window.addEventListener('hashchange', f);
  return () => window.removeEventListener('hashchange', f);
};

/** True while the page shows the lessons index. */
export function useLessonsIndexRoute(): boolean {
  return useSyncExternalStore(subscribe, () => isLessonsIndex(location.hash));
}
