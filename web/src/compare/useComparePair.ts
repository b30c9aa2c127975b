// Compare mode's two runs: side B judged by the core before it runs (useJudgedB), and the
// pair of runs played in lockstep, with their summaries taken at the same simulated time and the
// test hook (useComparePair). CompareView draws what these hooks give it.
import { useCallback, useEffect, useMemo, useRef, useState, useSyncExternalStore } from 'react';
import { SimController, type SimSnapshot } from '../run/simController';
import type { AppState } from '../url/scenarioUrl';
import type { CompareDiff } from '../url/teachingUrl';
import type { ParamSpec, Scenario } from '../params/types';
import { setCompareHook } from '../ui/probes';
import { bandValues } from '../store/flowBand';
import { diffLabel, judgeDiff } from './compareDiff';
import { compareRows } from './compareSummary';
import { Lockstep } from './lockstep';

const SUMMARY_EVERY_MS = 1000;
const MAX_TICKS = 2000;

/** Resolves once run `runId` of `sim` exists (created, or failed). */
function whenCreated(sim: SimController, runId: number): Promise<void> {
  return new Promise((resolve) => {
    const check = () => {
      const s = sim.getSnapshot();
      if (s.runId !== runId || s.status !== 'idle') {
        off();
        resolve();
      }
    };
    const off = sim.subscribe(check);
    check();
  });
}

export function useSnap(sim: SimController | null): SimSnapshot | null {
  const subscribe = useCallback((f: () => void) => (sim ? sim.subscribe(f) : () => undefined), [sim]);
  return useSyncExternalStore(subscribe, () => (sim ? sim.getSnapshot() : null));
}

type Built = { ok: true; scenario: Scenario } | { ok: false; message: string } | null;

/** Side B as the core judged it: B, why it cannot run, or null while the check is out. */
export function useJudgedB(sim: SimController, built: Built, diff: CompareDiff, specs: readonly ParamSpec[]): Built {
  // The core judges B before it runs (a value it refuses would otherwise be repaired away,
  // leaving B the same as A): B is offered once its check has answered for this B.
  const [judged, setJudged] = useState<{ of: Scenario; message: string | null } | null>(null);
  useEffect(() => {
    if (!built?.ok) return;
    let alive = true;
    const of = built.scenario;
    judgeDiff(of, diff, specs, (s) => sim.check(s)).then(
      (message) => alive && setJudged({ of, message }),
      (e: Error) => alive && setJudged({ of, message: `compare: ${e.message}` }),
    );
    return () => {
      alive = false;
    };
  }, [built, diff, specs, sim]);
  const verdict = built?.ok && judged?.of === built.scenario ? judged : null;
  const b =
    built && !built.ok
      ? built
      : verdict?.message
        ? { ok: false as const, message: verdict.message }
        : verdict
          ? built
          : null;
  return b;
}

/** Side B's run beside `sim`, both played in lockstep from the same live changes. */
export function useComparePair(
  sim: SimController,
  state: AppState,
  speed: number,
  bScenario: Scenario | null,
  diff: CompareDiff,
) {
  const [simB, setSimB] = useState<SimController | null>(null);
  const [rows, setRows] = useState<ReturnType<typeof compareRows> | null>(null);
  const ticks = useRef<{ a: number; b: number }[]>([]);
  /** Counts the pairs of runs created; 0 while a pair is being (re)started, so the test hook
   *  is offered only once both runs exist (a call before that would be cut off by the start). */
  const [pairsStarted, setPairsStarted] = useState(0);

  useEffect(() => {
    const s = new SimController();
    setSimB(s);
    return () => {
      s.dispose();
    };
  }, []);

  const lock = useMemo(() => (simB ? new Lockstep([sim, simB]) : null), [sim, simB]);
  useEffect(() => {
    if (lock) lock.speed = speed;
  }, [lock, speed]);
  const status = useSyncExternalStore(
    (f) => (lock ? lock.subscribe(f) : () => undefined),
    () => lock?.getStatus() ?? 'idle',
  );

  // Summaries of both, taken after a lockstep tick (so at the same simulated time).
  useEffect(() => {
    if (!lock || !simB) return;
    let last = 0;
    const refresh = () => {
      Promise.all([sim.summary(), simB.summary()])
        .then(([x, y]) => setRows(compareRows(x, y)))
        .catch(() => undefined);
    };
    lock.onTick = (t, atOnce) => {
      ticks.current.push({ a: sim.store.now, b: simB.store.now });
      if (ticks.current.length > MAX_TICKS) ticks.current.splice(0, ticks.current.length - MAX_TICKS);
      const now = performance.now();
      if (atOnce || now - last > SUMMARY_EVERY_MS || t >= lock.duration() - 1e-9) {
        last = now;
        refresh();
      }
    };
    const off = lock.subscribe(() => {
      if (lock.getStatus() !== 'playing') refresh();
    });
    return () => {
      lock.onTick = null;
      off();
    };
  }, [lock, sim, simB]);

  // Start both runs (same seed, same live changes), then play them in lockstep.
  const startBoth = async (alive: () => boolean) => {
    if (!lock || !simB || !bScenario) return;
    await Promise.all([sim.whenReady(), simB.whenReady()]);
    if (!alive()) return;
    lock.reset();
    ticks.current = [];
    setRows(null);
    setPairsStarted(0);
    const ids = [sim.start(state.scenario, state.live, false), simB.start(bScenario, state.live, false)];
    await Promise.all([whenCreated(sim, ids[0]!), whenCreated(simB, ids[1]!)]);
    if (!alive()) return;
    setPairsStarted((n) => n + 1);
    void lock.play();
  };
  useEffect(() => {
    let alive = true;
    void startBoth(() => alive);
    return () => {
      alive = false;
      lock?.pause();
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- startBoth is new each render; restart only when what the runs run changes
  }, [lock, sim, simB, state.scenario, state.live, bScenario]);

  useEffect(() => {
    if (!lock || !simB || !pairsStarted) return;
    setCompareHook({
      runUntil: (t) => lock.stepTo(t),
      now: () => [sim.store.now, simB.store.now],
      status: () => lock.getStatus(),
      ticks: () => ticks.current.map((x) => ({ ...x })),
      series: (side, name) => (side === 'a' ? sim : simB).store.values(name),
      band: (side, metric) => bandValues((side === 'a' ? sim : simB).store, metric),
      summary: (side) => (side === 'a' ? sim : simB).summary(),
      diff: () => diffLabel(diff),
    });
    return () => setCompareHook(null);
  }, [lock, sim, simB, diff, pairsStarted]);

  return { simB, lock, status, rows, startBoth };
}
