// Flow table: per flow its window rule (from the run's manifest), weight, deadline, RTT, exogenous loss on its path,
// colour, and live numbers. Live numbers are written into the cells by a frame painter
// (four times a second), never through React state.
import { Explain } from '../ui/Explain';
import { useEffect, useRef, useState, useSyncExternalStore } from 'react';
import type { Scenario } from '../params/types';
import { overrideOf } from '../scenario/flowOverrides';
import { FlowOverrideEditor } from './FlowOverrideEditor';
import type { SimController, SimSnapshot } from '../run/simController';
import { addPainter, requestFrameIn } from '../store/frameLoop';
import { useOnScreen } from '../ui/useOnScreen';
import { flowColor } from '../charts/palette';
import { bottleneckRate, sharesOneBottleneck, weights } from '../charts/chartContext';
import { flowLiveSpecs } from '../scenario/liveParams';
import { ParamControl } from './ParamControl';
import { commitLive, liveShown } from './liveControl';
import { useMarkCount } from '../run/useMarkCount';

const REFRESH_MS = 250;
const WINDOW_S = 1; // live numbers: mean over the last second of simulated time

/** Flow i's window rule as its sender runs it (the manifest), by the name the page shows. */
function ruleOf(snap: SimSnapshot, i: number): string {
  const cc = snap.manifest?.flows[i]?.cc;
  if (!cc) return '';
  return snap.specs.find((sp) => sp.key === 'flows.cc')?.optionLabels?.[cc] ?? cc;
}

/** " (2 own)" when flow i has settings of its own, else nothing. */
function ownCount(s: Scenario, i: number): string {
  const n = Object.keys(overrideOf(s, i)).length;
  return n ? ` (${n} own)` : '';
}

export function FlowTable({
  sim,
  snap,
  locked,
  onApplyScenario,
  student = false,
}: {
  sim: SimController;
  snap: SimSnapshot;
  /** Restarts with an edited scenario: offered, each flow's own settings get an editor. */
  onApplyScenario?: (next: Scenario) => void;
  /** Student mode: the editor leaves out advanced fields. */
  student?: boolean;
  /** Why a parameter is locked (a locked embed), or null. */
  locked?: (entity: string, key: string) => string | null;
}) {
  useMarkCount(sim);
  // The run's scenario as it is now, not as the deferred snapshot (App's useDeferredValue) last
  // had it: the editor starts from it and starts again when it changes. From the deferred one, a
  // new run's scenario could arrive seconds after "Apply" on a busy machine and wipe what was
  // chosen in the editor since (seen in a fresh-clone CI run: an AIMD choice made after the run
  // had played to its end went back to mulTCP).
  const scenario = useSyncExternalStore(sim.subscribe, () => sim.getSnapshot().scenario);
  const [editing, setEditing] = useState<number | null>(null);
  const edited = editing !== null && editing < snap.flowCount ? editing : null;
  const bodyRef = useRef<HTMLTableSectionElement>(null);
  const onScreen = useOnScreen(bodyRef);
  const snapRef = useRef(snap);
  snapRef.current = snap;
  useEffect(() => {
    let last = 0;
    return addPainter(() => {
      const body = bodyRef.current;
      const t = performance.now();
      if (!body || !onScreen.current) return;
      if (t - last < REFRESH_MS) {
        // Too soon: a frame once the interval is over, so the last change is shown even when no
        // other frame comes (a run paused, or played to a time in one burst, between two refreshes).
        requestFrameIn(REFRESH_MS - (t - last));
        return;
      }
      last = t;
      const s = snapRef.current;
      const st = sim.store;
      const now = st.now;
      const from = Math.max(0, now - WINDOW_S);
      // A share of the bottleneck only where every flow shares it (else the column says '-').
      const rate = sharesOneBottleneck(s.manifest) ? bottleneckRate(sim, s) : Number.NaN;
      const w = weights(sim, s.flowCount);
      const total = w.reduce((a, b) => a + b, 0) || 1;
      for (let i = 0; i < s.flowCount; i++) {
        const row = body.children[i] as HTMLTableRowElement | undefined;
        if (!row) break;
        const thr = st.mean(`flow.${i}.thr`, from, now);
        const fair = (rate * w[i]!) / total;
        const loss = st.mean(`flow.${i}.lossCong`, from, now) + st.mean(`flow.${i}.lossExo`, from, now);
        const srtt = st.latest(`flow.${i}.srtt`);
        const cells: Record<string, string> = {
          // No round trip measured yet (the flow has not had an ACK): none to show, not "0.0 ms".
          rtt: srtt > 0 && Number.isFinite(srtt) ? `${(srtt * 1000).toFixed(1)} ms` : '-',
          thr: Number.isFinite(thr) ? `${(thr / 1e6).toFixed(3)}` : '-',
          share: Number.isFinite(thr / fair) ? `${((thr / fair) * 100).toFixed(0)}%` : '-',
          loss: Number.isFinite(loss) ? `${(loss * 100).toFixed(2)}%` : '-',
          timeouts: Number.isFinite(st.latest(`flow.${i}.timeouts`)) ? String(st.latest(`flow.${i}.timeouts`)) : '-',
        };
        for (const [k, v] of Object.entries(cells)) {
          const cell = row.querySelector<HTMLElement>(`[data-live="${k}"]`);
          if (cell && cell.textContent !== v) cell.textContent = v;
        }
      }
    });
  }, [sim, onScreen]);

  const specs = flowLiveSpecs(snap.specs);
  const rows = [];
  for (let i = 0; i < snap.flowCount; i++) {
    rows.push(
      <tr key={i}>
        <th scope="row">
          <span className="sw" style={{ background: flowColor(i) }} aria-hidden="true" /> {i}
        </th>
        <td>{ruleOf(snap, i)}</td>
        {onApplyScenario && scenario ? (
          <td>
            <button
              type="button"
              aria-expanded={edited === i}
              aria-controls={edited === i ? 'flow-own-editor' : undefined}
              aria-label={`Edit flow ${i}'s own settings`}
              onClick={() => setEditing(edited === i ? null : i)}
            >
              Edit{ownCount(scenario, i)}
            </button>
          </td>
        ) : null}
        {specs.map((sp) => {
          const key = sp.key.slice(10);
          return (
            <td key={sp.key}>
              <ParamControl
                compact
                spec={sp}
                label={`flow ${i} ${sp.label.toLowerCase()}`}
                value={liveShown(sim, `flow.${i}`, key, sp) ?? null}
                lockedReason={locked?.(`flow.${i}`, key)}
                onCommit={commitLive(sim, `flow.${i}`, key, sp)}
              />
            </td>
          );
        })}
        <td data-live="rtt" className="num">
          -
        </td>
        <td data-live="thr" className="num">
          -
        </td>
        <td data-live="share" className="num">
          -
        </td>
        <td data-live="loss" className="num">
          -
        </td>
        <td data-live="timeouts" className="num">
          -
        </td>
      </tr>,
    );
  }
  return (
    <section className="panel flows-panel" aria-labelledby="flows-title">
      <h2 id="flows-title">Flows</h2>
      <div className="table-wrap">
        <table className="flow-table">
          <thead>
            <tr>
              <th scope="col">Flow</th>
              <th scope="col" title="The flow's congestion control, as its sender runs it">
                Window rule
              </th>
              {onApplyScenario && scenario ? (
                <th
                  scope="col"
                  title="The flow's own window rule, start, stop and TCP details (its flowOverrides entry)"
                >
                  Own settings
                </th>
              ) : null}
              {specs.map((sp) => (
                <th key={sp.key} scope="col" title={sp.help}>
                  {sp.label}
                  {sp.unit && !sp.display ? ` (${sp.unit})` : ''}
                </th>
              ))}
              <th scope="col">
                RTT <Explain term="rtt" />
              </th>
              <th scope="col">Throughput (Mb/s)</th>
              <th scope="col" title="Throughput over its weighted fair share of the bottleneck">
                Of fair share
              </th>
              <th scope="col" title="Packets lost (congestion + exogenous), last second">
                Loss seen
              </th>
              <th scope="col">Timeouts</th>
            </tr>
          </thead>
          <tbody ref={bodyRef}>{rows}</tbody>
        </table>
      </div>
      {edited !== null && onApplyScenario && scenario ? (
        <div id="flow-own-editor">
          <FlowOverrideEditor
            flow={edited}
            specs={snap.specs}
            scenario={scenario}
            onApply={onApplyScenario}
            onClose={() => setEditing(null)}
            student={student}
          />
        </div>
      ) : null}
      <p className="muted small">
        Live numbers: mean over the last {WINDOW_S} s of simulated time. Edits apply at once.
      </p>
    </section>
  );
}
