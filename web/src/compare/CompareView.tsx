// Compare mode: side A (the current scenario, in the page's simulation) and side B (the same
// with one difference, in a second worker) run in lockstep on one time axis. One chart holds
// Jain's index of both; throughput and queue of each stand side by side; a table compares the
// summaries taken at the same simulated time.
import { useCallback, useEffect, useMemo, useRef, useState, useSyncExternalStore } from 'react';
import { SimController, type SimSnapshot } from '../run/simController';
import type { ViewState } from '../url/viewState';
import { setCompareHook } from '../ui/probes';
import type { AppState } from '../url/scenarioUrl';
import type { Scenario } from '../params/types';
import { ChartScope, type ChartScopeValue } from '../charts/chartScope';
import { ThroughputChart } from '../charts/ThroughputChart';
import { QueueChart } from '../charts/QueueChart';
import { TimeChart } from '../charts/TimeChart';
import type { ChartModel } from '../charts/chartModel';
import { type ChartProps, wantsBand } from '../charts/chartContext';
import { bandValues } from '../store/flowBand';
import { SpeedSelect } from '../panels/ControlsBar';
import { addPainter } from '../store/frameLoop';
import { applyDiff, diffLabel, diffText, judgeDiff, valueInA } from './compareDiff';
import { compareRows, fmtNumber } from './compareSummary';
import { jainPerIntervalTitle } from '../ui/glossary';
import { Lockstep } from './lockstep';
import './compare.css';

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

function useSnap(sim: SimController | null): SimSnapshot | null {
  const subscribe = useCallback((f: () => void) => (sim ? sim.subscribe(f) : () => undefined), [sim]);
  return useSyncExternalStore(subscribe, () => (sim ? sim.getSnapshot() : null));
}

export interface CompareViewProps {
  sim: SimController;
  state: AppState;
  view: ViewState;
  setView: (p: Partial<ViewState>) => void;
  /** Back to the single run (absent in a locked page: compare mode is part of what is fixed). */
  onLeave?: () => void;
}

export function CompareView({ sim, state, view, setView, onLeave }: CompareViewProps) {
  const snapA = useSnap(sim)!;
  const [simB, setSimB] = useState<SimController | null>(null);
  const snapB = useSnap(simB);
  const diff = state.teach.compare!;
  const built = useMemo(
    () => (snapA.specs.length ? applyDiff(state.scenario, diff, snapA.specs) : null),
    [state.scenario, diff, snapA.specs],
  );
  // The core judges B before it runs (a value it refuses would otherwise be repaired away,
  // leaving B the same as A): B is offered once its check has answered for this B.
  const [judged, setJudged] = useState<{ of: Scenario; message: string | null } | null>(null);
  useEffect(() => {
    if (!built?.ok) return;
    let alive = true;
    const of = built.scenario;
    judgeDiff(of, diff, snapA.specs, (s) => sim.check(s)).then(
      (message) => alive && setJudged({ of, message }),
      (e: Error) => alive && setJudged({ of, message: `compare: ${e.message}` }),
    );
    return () => {
      alive = false;
    };
  }, [built, diff, snapA.specs, sim]);
  const verdict = built?.ok && judged?.of === built.scenario ? judged : null;
  const b =
    built && !built.ok
      ? built
      : verdict?.message
        ? { ok: false as const, message: verdict.message }
        : verdict
          ? built
          : null;
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
    if (lock) lock.speed = view.speed;
  }, [lock, view.speed]);
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
  const bScenario = b?.ok ? b.scenario : null;
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

  // Each side's value of the field that differs, as the student reads it (label and units).
  const [aText, bText] = useMemo(
    () =>
      [valueInA(state.scenario, diff.path, snapA.specs), diff.value].map((v) =>
        diffText(snapA.specs, state.scenario, diff.path, v),
      ),
    [snapA.specs, state.scenario, diff],
  );
  const scopeA = useMemo<ChartScopeValue>(() => ({ id: 'a', label: `A: ${aText}` }), [aText]);
  const scopeB = useMemo<ChartScopeValue>(() => ({ id: 'b', label: `B: ${bText}` }), [bText]);
  const hidden = useMemo(() => new Set(view.hidden), [view.hidden]);
  const onToggleFlow = (f: number) =>
    setView({ hidden: hidden.has(f) ? view.hidden.filter((x) => x !== f) : [...view.hidden, f].sort((x, y) => x - y) });
  // Above BAND_FLOWS flows each side draws the min..max band of its own flows (sides may differ
  // in flow count when that is what B changes); one switch, in the URL, for both.
  const onBand = (on: boolean) => setView({ lines: !on });

  const sp = snapA.scenario?.samplePeriod;
  const samplePeriod = typeof sp === 'number' ? sp : 0.1;
  const jainModel = useMemo<ChartModel | null>(
    () =>
      simB
        ? {
            id: 'compare-jain',
            title: `${jainPerIntervalTitle(samplePeriod)}, A and B`,
            yLabel: 'index',
            unit: '',
            yDomain: [0, 1.02],
            lines: [
              { column: 'jain', key: 'a.jain', label: scopeA.label, color: '#0072B2', width: 1.5, store: sim.store },
              {
                column: 'jain',
                key: 'b.jain',
                label: scopeB.label,
                color: '#D55E00',
                width: 1.5,
                dash: [5, 3],
                store: simB.store,
              },
            ],
          }
        : null,
    [sim, simB, scopeA.label, scopeB.label, samplePeriod],
  );

  const timeRef = useRef<HTMLOutputElement>(null);
  useEffect(
    () =>
      addPainter(() => {
        const el = timeRef.current;
        if (!el || !simB) return;
        const text = `A ${sim.store.now.toFixed(2)} s, B ${simB.store.now.toFixed(2)} s`;
        if (el.textContent !== text) el.textContent = text;
      }),
    [sim, simB],
  );

  return (
    <main className="compare" data-testid="compare">
      <div className="controls" role="toolbar" aria-label="Compare controls">
        {status === 'playing' ? (
          <button type="button" className="primary" onClick={() => lock?.pause()}>
            Pause
          </button>
        ) : (
          <button
            type="button"
            className="primary"
            disabled={!lock || status === 'finished'}
            onClick={() => void lock?.play()}
          >
            Play
          </button>
        )}
        <button type="button" onClick={() => void startBoth(() => true)} disabled={!bScenario}>
          Reset
        </button>
        <SpeedSelect speed={view.speed} onSpeed={(speed) => setView({ speed })} />
        <span className="sim-time">
          <span className="muted">Simulated time</span>{' '}
          <output ref={timeRef} data-testid="compare-time">
            -
          </output>
        </span>
        <span className={`status status-${status}`} role="status">
          {status === 'idle' ? 'loading' : `${status} in lockstep`}
        </span>
        {onLeave ? (
          <button type="button" onClick={onLeave}>
            Leave compare mode
          </button>
        ) : null}
      </div>
      <p className="compare-what">
        Comparing <strong>A</strong> (this scenario, {aText}) with <strong>B</strong> ({bText}); same seed, same time
        axis, everything else equal.
      </p>
      {b && !b.ok ? (
        <div className="notice error" role="alert">
          Cannot compare: {b.message}
        </div>
      ) : null}
      {snapB?.error ? (
        <div className="notice error" role="alert">
          Side B: {snapB.error}
        </div>
      ) : null}
      <h2 className="sr-only">Charts, A and B</h2>
      {jainModel && simB ? (
        <TimeChart model={jainModel} store={sim.store} hidden={hidden} onToggleFlow={onToggleFlow} />
      ) : null}
      {simB && snapB && snapA.scenario && snapB.scenario ? (
        <div className="compare-sides">
          {(
            [
              [scopeA, sim, snapA],
              [scopeB, simB, snapB],
            ] as const
          ).map(([scope, s, sn]) => (
            <CompareSide
              key={scope.id}
              scope={scope}
              sim={s}
              snap={sn}
              hidden={hidden}
              onToggleFlow={onToggleFlow}
              band={wantsBand(sn.flowCount, view.lines)}
              onBand={onBand}
            />
          ))}
        </div>
      ) : null}
      <CompareTable rows={rows} labels={[scopeA.label, scopeB.label]} />
    </main>
  );
}

/** One side's throughput and queue, the charts of the single-run page under a scope. */
function CompareSide({ scope, ...props }: { scope: ChartScopeValue } & ChartProps) {
  return (
    <ChartScope.Provider value={scope}>
      <div className="compare-side" aria-label={`Side ${scope.id.toUpperCase()}`}>
        <h2>{scope.label}</h2>
        <ThroughputChart {...props} />
        <QueueChart {...props} />
      </div>
    </ChartScope.Provider>
  );
}

function CompareTable({ rows, labels }: { rows: ReturnType<typeof compareRows> | null; labels: [string, string] }) {
  return (
    <section className="panel" aria-labelledby="compare-table-title">
      <h2 id="compare-table-title">Summary, A vs B</h2>
      {rows ? (
        <table className="compare-table" data-testid="compare-table">
          <thead>
            <tr>
              <th scope="col">Measure</th>
              <th scope="col">{labels[0]}</th>
              <th scope="col">{labels[1]}</th>
              <th scope="col">B - A</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((r) => (
              <tr key={r.label} data-row={r.label}>
                <th scope="row">
                  {r.label}
                  {r.unit ? ` (${r.unit})` : ''}
                </th>
                <td className="num" data-side="a">
                  {fmtNumber(r.a, r.digits)}
                </td>
                <td className="num" data-side="b">
                  {fmtNumber(r.b, r.digits)}
                </td>
                <td className="num">{fmtNumber(r.b - r.a, r.digits)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : (
        <p className="muted">Numbers appear once both runs have advanced.</p>
      )}
    </section>
  );
}
