// The lesson being followed: loads its file, starts a step's run (from a bare lesson link, from
// previous/next or "back to the lesson step"), pauses it at the step's runTo, and pins the
// step's annotations on the charts while the student stays on the step's path.
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { SimController } from '../run/simController';
import type { AppStateApi } from '../url/appStateApi';
import { chartAnnotations } from '../charts/annotations';
import { flowColor } from '../charts/palette';
import { type AppState, defaultState, encodeState } from '../url/scenarioUrl';
import type { Lesson, LessonIndexEntry } from './lessonTypes';
import { fetchIndex, fetchLesson } from './loadLesson';
import { offPath, stepState } from './stepState';
import { loadAnswers } from './answers';

export interface LessonApi {
  lesson: Lesson | null;
  errors: string[];
  /** 1-based step shown. */
  step: number;
  /** The step's own state (what "back to the lesson step" restores). */
  stepApp: AppState | null;
  offPath: boolean;
  goTo: (step: number) => void;
  restart: () => void;
  /** The step's prediction was answered: lifts the hold on Play and starts the run. */
  answered: () => void;
  /** The next lesson of the index (for "lesson complete"), null after the last one or while unknown. */
  next: LessonIndexEntry | null;
  /** The lessons index (shown with an error when a lesson cannot be opened); null while loading. */
  index: LessonIndexEntry[] | null;
  /** The current scenario's link without the lesson (to leave the lesson, keeping the run's settings). */
  exitHref: string;
  /** The step's prediction is not answered yet: the run is held and Next waits for the answer. */
  waiting: boolean;
  /** The link asked for a step the lesson does not have (step=9 of 3): which one, and what was shown. */
  missingStep: { asked: number; shown: number } | null;
}

/** Read by the test hook (window.__bl.lesson()). */
export const lessonProbe: { current: { id: string; step: number; steps: number; offPath: boolean } | null } = {
  current: null,
};

const NONE: string[] = [];

export function useLesson(app: AppStateApi, sim: SimController): LessonApi {
  const pos = app.state.lesson;
  const [lesson, setLesson] = useState<Lesson | null>(null);
  // Why a lesson could not be opened, with its id: a later link to another lesson does not see them.
  const [failed, setFailed] = useState<{ id: string; errors: string[] } | null>(null);
  const errors = failed && pos && failed.id === pos.id ? failed.errors : NONE;
  const specs = sim.getSnapshot().specs;

  useEffect(() => {
    if (!pos) {
      setLesson(null);
      setFailed(null);
      return;
    }
    if (lesson?.id === pos.id) return;
    let alive = true;
    void fetchLesson(pos.id).then((r) => {
      if (!alive) return;
      if (r.ok) {
        setLesson(r.value);
        setFailed(null);
      } else {
        setLesson(null);
        setFailed({ id: pos.id, errors: r.errors });
      }
    });
    return () => {
      alive = false;
    };
  }, [pos, lesson]);

  const step = lesson && pos ? Math.min(Math.max(1, pos.step), lesson.steps.length) : 1;
  // A link to a step past the lesson's last opens the last one, and says so until the student
  // moves to another step (the link is rewritten to the step shown, so the ask is kept here).
  const [missing, setMissing] = useState<{ id: string; asked: number; shown: number } | null>(null);
  const askedStep = lesson && pos && pos.id === lesson.id ? pos.step : 0;
  useEffect(() => {
    if (lesson && askedStep > lesson.steps.length)
      setMissing({ id: lesson.id, asked: askedStep, shown: lesson.steps.length });
  }, [lesson, askedStep]);
  const missingStep =
    missing && lesson && missing.id === lesson.id && step === missing.shown
      ? { asked: missing.asked, shown: missing.shown }
      : null;
  const stepDecoded = useMemo(
    () => (lesson && specs.length ? stepState(lesson, step - 1, specs) : null),
    [lesson, step, specs],
  );

  const start = useCallback(
    (n: number) => {
      if (!lesson) return;
      const d = stepState(lesson, n - 1, sim.getSnapshot().specs, app.state.view);
      // Student mode and a lock list (an embed's) stay as the page had them.
      d.state.teach = { ...app.state.teach, compare: null };
      app.applyState(d.state, d.dropped, lesson.steps[n - 1]!.predict === undefined);
    },
    [lesson, sim, app],
  );

  // A bare lesson link asks for its step once the lesson is loaded.
  const { stepRequest, clearStepRequest } = app;
  useEffect(() => {
    if (!lesson || !stepRequest || stepRequest.id !== lesson.id || !specs.length) return;
    clearStepRequest();
    start(Math.min(Math.max(1, stepRequest.step), lesson.steps.length));
  }, [lesson, stepRequest, clearStepRequest, start, specs]);

  // A bare link to a lesson that cannot be opened: the default scenario runs under the message,
  // so the page is usable (not left waiting for a run that never comes).
  useEffect(() => {
    if (!errors.length || !stepRequest || stepRequest.id !== failed?.id || !specs.length) return;
    clearStepRequest();
    const d = defaultState();
    app.applyState({ ...d, view: { ...d.view, theme: app.state.view.theme }, lesson: stepRequest }, [], false);
  }, [errors, failed, stepRequest, clearStepRequest, specs, app]);

  const away = !!stepDecoded && offPath(app.state, stepDecoded.state);
  const def = lesson?.steps[step - 1];

  // A full link to a prediction step not answered yet (a reload, a link passed on) started its
  // run at once: start it again, waiting for the answer. Once per lesson opened.
  const checkedOpen = useRef<string | null>(null);
  const loaded = app.loaded;
  useEffect(() => {
    // After the link's own run has started (`loaded`), so that run does not replace this one.
    if (!lesson || !stepDecoded || !loaded || stepRequest || checkedOpen.current === lesson.id) return;
    checkedOpen.current = lesson.id;
    if (def?.predict && !away && loadAnswers(lesson.id)[String(step)] === undefined) start(step);
  }, [lesson, stepDecoded, loaded, stepRequest, def, away, step, start]);

  // Pause at runTo, once per run (the student may press play again to go on). A run is armed
  // once its time is seen below runTo, so the old run's time before a restart does not count.
  useEffect(() => {
    const runTo = def?.runTo;
    if (runTo === undefined || away) return;
    let armed = -1;
    let paused = -1;
    const check = () => {
      const { runId, status } = sim.getSnapshot();
      if (sim.store.now < runTo - 1e-9) {
        armed = runId;
        return;
      }
      if (armed === runId && paused !== runId && status === 'playing') {
        paused = runId;
        sim.pause();
      }
    };
    const offStore = sim.store.subscribe(check);
    const offSim = sim.subscribe(check);
    return () => {
      offStore();
      offSim();
    };
  }, [def, away, sim]);

  // A prediction not answered yet holds the run: Play, Space, Step and a host page's play wait.
  const [answers, setAnswers] = useState(0);
  const waiting = !!lesson && !!def?.predict && !away && loadAnswers(lesson.id)[String(step)] === undefined;
  useEffect(() => {
    sim.setHold(waiting ? 'Waiting for your prediction: answer it in the lesson panel to start the run.' : null);
  }, [waiting, sim, answers]);
  useEffect(() => () => sim.setHold(null), [sim]);
  const answered = useCallback(() => {
    sim.setHold(null);
    sim.play();
    setAnswers((n) => n + 1);
    // On a phone the lesson sits above the charts: bring the run into view while it plays.
    if (window.matchMedia('(max-width: 900px)').matches)
      document.querySelector('.charts-area')?.scrollIntoView({ block: 'start' });
  }, [sim]);

  // The index: for the next lesson at the end of this one, and the list when a lesson cannot be opened.
  const [index, setIndex] = useState<LessonIndexEntry[] | null>(null);
  const wantIndex = !!pos && (errors.length > 0 || (!!lesson && step === lesson.steps.length));
  useEffect(() => {
    if (!wantIndex || index !== null) return;
    let alive = true;
    void fetchIndex().then((r) => {
      if (alive) setIndex(r.ok ? r.value : []);
    });
    return () => {
      alive = false;
    };
  }, [wantIndex, index]);
  const at = lesson && index ? index.findIndex((e) => e.id === lesson.id) : -1;
  const next = at >= 0 ? (index![at + 1] ?? null) : null;

  useEffect(() => {
    chartAnnotations.set(
      def && !away
        ? (def.annotations ?? []).map((a) => ({ ...a, ...(a.flow !== undefined ? { color: flowColor(a.flow) } : {}) }))
        : [],
    );
  }, [def, away]);
  useEffect(() => () => chartAnnotations.set([]), []);

  useEffect(() => {
    lessonProbe.current = lesson ? { id: lesson.id, step, steps: lesson.steps.length, offPath: away } : null;
    return () => {
      lessonProbe.current = null;
    };
  }, [lesson, step, away]);

  return {
    lesson,
    errors,
    step,
    stepApp: stepDecoded?.state ?? null,
    offPath: away,
    goTo: (n: number) => {
      setMissing(null);
      start(n);
    },
    restart: () => start(step),
    answered,
    next,
    index,
    exitHref: encodeState({ ...app.state, lesson: undefined }),
    waiting,
    missingStep,
  };
}
