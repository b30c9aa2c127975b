// Compare mode: side A (the current scenario, in the page's simulation) and side B (the same
// with one difference, in a second worker) run in lockstep on one time axis. One chart holds
// Jain's index of both; throughput and queue of each stand side by side; a table compares the
// summaries taken at the same simulated time.
import { useEffect, useMemo, useRef } from 'react';
import type { SimController } from '../run/simController';
import type { ViewState } from '../url/viewState';
import type { AppState } from '../url/scenarioUrl';
import { ChartScope, type ChartScopeValue } from '../charts/chartScope';
import { ThroughputChart } from '../charts/ThroughputChart';
import { QueueChart } from '../charts/QueueChart';
import { TimeChart } from '../charts/TimeChart';
import type { ChartModel } from '../charts/chartModel';
import { type ChartProps, wantsBand } from '../charts/chartContext';
import { SpeedSelect } from '../panels/ControlsBar';
import { addPainter } from '../store/frameLoop';
import { applyDiff, diffText, valueInA } from './compareDiff';
import { compareRows, fmtNumber } from './compareSummary';
import { jainPerIntervalTitle } from '../ui/glossary';
import { useComparePair, useJudgedB, useSnap } from './useComparePair';
import './compare.css';

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
  const diff = state.teach.compare!;
  const built = useMemo(
    () => (snapA.specs.length ? applyDiff(state.scenario, diff, snapA.specs) : null),
    [state.scenario, diff, snapA.specs],
  );
  const b = useJudgedB(sim, built, diff, snapA.specs);
  const bScenario = b?.ok ? b.scenario : null;
  const { simB, lock, status, rows, startBoth } = useComparePair(sim, state, view.speed, bScenario, diff);
  const snapB = useSnap(simB);

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

  const sp = snapA.manifest?.run.samplePeriod ?? snapA.scenario?.samplePeriod;
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
