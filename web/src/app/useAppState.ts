// App state (config only: scenario, live changes, view) kept in sync with the URL hash, and
// the runs it starts. Loading a link: decode with the core's specs, report what was dropped,
// start the run. The metrics never pass through here.
import { useCallback, useEffect, useRef, useState } from 'react';
import type { Scenario } from '../params/types';
import type { SimController } from '../run/simController';
import type { ViewState } from '../url/viewState';
import {
  type AppState,
  type LessonPosition,
  type LiveChange,
  type Decoded,
  checkLink,
  linkNeedsCheck,
  decodeState,
  defaultState,
  encodeState,
  liveLeftNotice,
} from '../url/scenarioUrl';
import type { TeachState } from '../url/teachingUrl';
import { lockReason, lockViolations } from '../embed/lock';
import { isLessonsIndex } from '../lessons/lessonRoute';
import { findSpec, problemText } from '../params/specs';
import { DEFAULT_PRESET, cloneScenario, findPreset } from '../scenario/presets';
import type { AppStateApi } from '../url/appStateApi';

export type { AppStateApi };

export function useAppState(sim: SimController): AppStateApi {
  // Until the core's specs are known and the link is checked (load, below), the page shows the
  // link's view and teaching settings over its preset's scenario: a link's fields unread by the
  // specs could be 20,000 unknown keys, each a field for the panels to describe (issue 28).
  const [state, setState] = useState<AppState>(() => {
    const s = decodeState(location.hash).state;
    return { ...s, scenario: cloneScenario((findPreset(s.preset) ?? DEFAULT_PRESET).scenario) };
  });
  const [loaded, setLoaded] = useState(false);
  const [notices, setNotices] = useState<string[]>([]);
  const [errors, setErrors] = useState<string[]>([]);
  const [crash, setCrash] = useState<string[]>([]);
  const [stepRequest, setStepRequest] = useState<LessonPosition | null>(null);
  const stateRef = useRef(state);
  stateRef.current = state;
  const lastHash = useRef<string | null>(null);

  const loadedRef = useRef(false);
  /** The run started from a link: if the core refuses it, the default scenario runs instead. */
  const linkRun = useRef(0);
  const open = useCallback(
    (hash: string, d: Decoded) => {
      // A locked page keeps its scenario and lock list: a later URL may change only unlocked parameters.
      const cur = stateRef.current;
      const refused = loadedRef.current ? lockViolations(cur, d.state, sim.getSnapshot().specs) : [];
      if (refused.length) {
        setErrors((e) => [...e, ...refused.map((r) => `from the link: ${r}`)].slice(-5));
        lastHash.current = encodeState(cur);
        history.replaceState(null, '', lastHash.current);
        return;
      }
      loadedRef.current = true;
      // A bare lesson link (#lesson=ID&step=N) is not a scenario: the lesson panel starts its step.
      if (d.state.lesson && !/(^#?|&)v=/.test(hash)) {
        setState((s) => ({ ...s, lesson: d.state.lesson }));
        setStepRequest(d.state.lesson);
        return;
      }
      setState(d.state);
      setNotices(d.dropped);
      sim.setSpeed(d.state.view.speed);
      // Compare mode drives its two runs itself, in lockstep. A first visit's run may be going
      // already (main.tsx): the page takes it on.
      const autoplay = d.state.teach.compare === null;
      linkRun.current =
        sim.adoptEarly(d.state.scenario, d.state.live, autoplay) ?? sim.start(d.state.scenario, d.state.live, autoplay);
      setLoaded(true);
    },
    [sim],
  );

  /** Bumped by every load: a link's check that answers after a newer link was opened is dropped. */
  const loadSeq = useRef(0);
  const load = useCallback(
    (hash: string) => {
      if (isLessonsIndex(hash)) return; // the lessons index page: no run of its own
      const seq = ++loadSeq.current;
      const decoded = decodeState(hash, sim.getSnapshot().specs);
      // Nothing to check (a bare URL): the run starts now, before the page renders the core's specs.
      if (!linkNeedsCheck(decoded)) {
        open(hash, decoded);
        return;
      }
      // The core judges the link's values (bl_check in the worker): what it refuses is left out and said.
      void checkLink(decoded, (s, base) => sim.repair(s, base)).then((d) => {
        if (seq === loadSeq.current) open(hash, d);
      });
    },
    [sim, open],
  );

  const unlockKey = state.teach.unlock?.join(',') ?? null;
  useEffect(() => {
    const unlock = stateRef.current.teach.unlock;
    sim.guard = unlock === null ? null : (entity, key) => lockReason(unlock, entity, key, sim.getSnapshot().specs);
    return () => {
      sim.guard = null;
    };
  }, [sim, unlockKey]);

  useEffect(() => {
    let alive = true;
    // A bare address (a first visit) is the default scenario, which needs none of the core's
    // specs to read: its run is asked for now, and the worker builds it the moment the core is
    // ready, not a round trip through this page later (on a phone the page is busy then).
    const bare = location.hash.replace(/^#/, '').trim() === '';
    void (bare ? Promise.resolve() : sim.whenReady()).then(() => {
      if (alive) load(location.hash);
    });
    // The event's own URL, not location.hash: the URL effect below may already have written the
    // run's state over a link opened between a render and its effect (the event fires later), and
    // the link would be lost (CI: a link opened just after a live change kept the old run).
    const onHash = (e: HashChangeEvent) => {
      const hash = new URL(e.newURL).hash;
      if (hash !== lastHash.current) {
        load(hash);
        return;
      }
      // Back from the lessons index to the run's last written link: the state may have changed
      // while the index was shown (the URL effect leaves the index alone), and the link says so now.
      const now = encodeState(stateRef.current);
      if (loadedRef.current && now !== hash) {
        lastHash.current = now;
        history.replaceState(null, '', now);
      }
    };
    window.addEventListener('hashchange', onHash);
    return () => {
      alive = false;
      window.removeEventListener('hashchange', onHash);
    };
  }, [sim, load]);

  // Live changes made by the user become part of the saved run, so a link replays them.
  useEffect(() => {
    sim.onLiveApplied = (c: LiveChange) => setState((s) => ({ ...s, live: [...s.live, c].sort((a, b) => a.t - b.t) }));
    // A change of the link the core refused (named in the notice) leaves the link: it would only
    // be refused again.
    sim.onLiveRefused = (refused) =>
      setState((s) => ({
        ...s,
        live: s.live.filter(
          (c) => !refused.some((r) => r.t === c.t && r.entity === c.entity && r.key === c.key && r.value === c.value),
        ),
      }));
    return () => {
      sim.onLiveApplied = null;
      sim.onLiveRefused = null;
    };
  }, [sim]);

  // A link whose scenario the core refuses outright (after dropping what it named) opens the
  // default scenario, keeping the view, with the core's reason as a notice: never a dead page.
  useEffect(
    () =>
      sim.subscribe(() => {
        const snap = sim.getSnapshot();
        if (snap.refused === null || snap.runId !== linkRun.current) return;
        linkRun.current = 0;
        const cur = stateRef.current;
        const next: AppState = { ...defaultState(), view: cur.view, teach: cur.teach };
        setState(next);
        setNotices((n) => [
          ...n,
          `the linked scenario could not run (${snap.refused}); the default scenario was opened instead`,
        ]);
        sim.start(next.scenario, [], next.teach.compare === null);
      }),
    [sim],
  );

  // The worker's module trapped and a fresh worker was started: run the same scenario with the
  // same live changes again (the state and the URL never left this page), and say so. A
  // scenario that keeps trapping is not restarted a fourth time.
  const crashes = useRef(0);
  useEffect(
    () =>
      sim.subscribe(() => {
        const snap = sim.getSnapshot();
        if (snap.crashes === crashes.current) return;
        crashes.current = snap.crashes;
        const again = snap.crashes <= 3;
        setCrash([
          `${snap.crashReason ?? 'unknown error'}. ${
            again
              ? 'A fresh simulator was started with the same scenario and live changes; press play to run it again.'
              : 'It stopped three times; reload the page to try again. Your scenario is still in the URL.'
          }`,
        ]);
        if (!again) return;
        void sim.whenReady().then(() => {
          const s = stateRef.current;
          sim.start(s.scenario, s.live, false);
        });
      }),
    [sim],
  );

  // What the core refused when creating the run is reported like a bad link.
  useEffect(
    () =>
      sim.subscribe(() => {
        const r = sim.getSnapshot().repaired;
        if (r.length)
          setNotices((n) => (r.every((x) => n.includes(x)) ? n : [...n, ...r.filter((x) => !n.includes(x))]));
      }),
    [sim],
  );

  useEffect(() => {
    if (!loaded) return;
    const hash = encodeState(state);
    // The lessons index is a page of its own: the run's state is not written over it. (A click on
    // "Lessons" in the same moment as a change of the run's state had this effect run before the
    // browser's hashchange, and the index never opened.) Leaving it for the run's link (Back, or the
    // index's "Back to the simulator"), onHash writes the state back.
    if (isLessonsIndex(location.hash)) return;
    lastHash.current = hash;
    if (location.hash !== hash) history.replaceState(null, '', hash);
    // More live changes than a link replays: the link keeps the first ones, and says so.
    const left = liveLeftNotice(state.live);
    if (left) setNotices((n) => [...n.filter((x) => !x.startsWith('the link carries the first ')), left]);
  }, [state, loaded]);

  const applyScenario = useCallback(
    (preset: string, scenario: Scenario, keepLive = false) => {
      const live = keepLive ? stateRef.current.live : [];
      const next = { ...stateRef.current, preset, scenario, live };
      setState(next);
      setNotices([]);
      sim.start(scenario, live);
    },
    [sim],
  );

  const applyState = useCallback(
    (next: AppState, dropped: string[], autoplay: boolean) => {
      setState(next);
      setNotices(dropped);
      sim.setSpeed(next.view.speed);
      sim.start(next.scenario, next.live, autoplay);
      setLoaded(true);
    },
    [sim],
  );

  const setView = useCallback(
    (p: Partial<ViewState>) => {
      if (p.speed !== undefined) sim.setSpeed(p.speed);
      setState((s) => ({ ...s, view: { ...s.view, ...p } }));
    },
    [sim],
  );

  const setTeach = useCallback(
    (p: Partial<Omit<TeachState, 'unlock'>>) => {
      const s = stateRef.current;
      const next = { ...s, teach: { ...s.teach, ...p } };
      setState(next);
      if (s.teach.compare !== null && next.teach.compare === null) sim.start(next.scenario, next.live);
    },
    [sim],
  );

  const reset = useCallback(() => {
    const s = stateRef.current;
    sim.start(s.scenario, s.live, sim.getSnapshot().status === 'playing');
  }, [sim]);

  const runAgain = useCallback(() => {
    const s = stateRef.current;
    sim.start(s.scenario, s.live, true);
  }, [sim]);

  const runLonger = useCallback(
    async (factor: number): Promise<string | null> => {
      const s = stateRef.current;
      const snap = sim.getSnapshot();
      const spec = findSpec(snap.specs, 'duration');
      const was = typeof s.scenario.duration === 'number' ? s.scenario.duration : Number(spec?.default);
      if (!(was > 0)) return 'this run has no fixed duration to extend';
      const longer = Math.min(+(was * factor).toPrecision(6), spec?.max ?? Number.POSITIVE_INFINITY);
      if (!(longer > was)) return `the duration is already the longest allowed (${was} s)`;
      const scenario = { ...s.scenario, duration: longer };
      // The core judges the longer run (its work budget counts the duration) before it replaces this one.
      const checked = await sim.check(scenario).catch(() => null);
      if (!checked) return 'the simulator could not check the longer run';
      if (!checked.ok) {
        const p = checked.problems[0];
        return p ? `${p.path === 'duration' ? `${longer} s: ` : ''}${problemText(p, spec)}` : 'refused';
      }
      setState((cur) => ({ ...cur, scenario }));
      setNotices([]);
      const runId = sim.start(scenario, s.live, false);
      // The first `was` seconds are the run just seen (same seed, same changes): replayed at
      // full speed, then the run plays on at the chosen speed (a play sent once the data reached
      // `was`, so the worker is at its stop or about to be; it lifts the stop either way).
      const reached = await sim.runUntil(was).then(
        () => true,
        () => false,
      );
      if (reached && sim.getSnapshot().runId === runId) sim.play();
      return null;
    },
    [sim],
  );

  return {
    state,
    loaded,
    notices,
    errors,
    crash,
    stepRequest,
    dismissCrash: () => setCrash([]),
    clearStepRequest: () => setStepRequest(null),
    dismissNotices: () => setNotices([]),
    dismissErrors: () => setErrors([]),
    addError: (m) => setErrors((e) => [...e.slice(-4), m]),
    applyScenario,
    applyState,
    setView,
    setTeach,
    reset,
    runAgain,
    runLonger,
    setSweep: (sweep) => setState((s) => ({ ...s, sweep })),
  };
}
