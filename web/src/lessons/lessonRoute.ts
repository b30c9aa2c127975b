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

/** The page's link just before the lessons index opened: "Back to the simulator" returns to that run. */
let beforeIndex: string | null = null;

/** Where "Back to the simulator" goes: the run the student left for the index, else a fresh page. */
export function simulatorHref(): string {
  return beforeIndex || '#v=1';
}

const subscribe = (f: () => void) => {
  const onHash = (e: HashChangeEvent) => {
    const from = new URL(e.oldURL).hash;
    if (isLessonsIndex(new URL(e.newURL).hash) && !isLessonsIndex(from)) beforeIndex = from;
    f();
  };
  window.addEventListener('hashchange', onHash);
  return () => window.removeEventListener('hashchange', onHash);
};

/** True while the page shows the lessons index. */
export function useLessonsIndexRoute(): boolean {
  return useSyncExternalStore(subscribe, () => isLessonsIndex(location.hash));
}
