// BBR's model, per BBR flow (columns flow.N.btlBw, .pacingRate, .minRtt, .pacingGain,
// .bbrState, which the core adds only for flows running BBR): the bottleneck-bandwidth
// estimate and the pacing rate in Mb/s; or the pacing gain and the state (0 Startup, 1 Drain,
// 2 ProbeBW, 3 ProbeRTT); or the min-RTT estimate in ms. Nothing is drawn without BBR flows.
import { useMemo, useState } from 'react';
import { TimeChart } from './TimeChart';
import type { ChartProps } from './chartContext';
import type { ChartModel, LineDef } from './chartModel';
import { flowColor } from './palette';

type View = 'rates' | 'state' | 'minRtt';

export function bbrFlows(columns: readonly string[]): number[] {
  const out: number[] = [];
  for (const c of columns) {
    const m = /^flow\.(\d+)\.btlBw$/.exec(c);
    if (m) out.push(Number(m[1]));
  }
  return out;
}

export function BbrChart({ sim, snap, hidden, onToggleFlow }: ChartProps) {
  const flows = useMemo(() => bbrFlows(snap.columns), [snap.columns]);
  const [view, setView] = useState<View>('rates');
  const model = useMemo<ChartModel>(() => {
    const lines: LineDef[] = [];
    for (const i of flows) {
      const c = flowColor(i);
      if (view === 'rates') {
        lines.push({ column: `flow.${i}.btlBw`, label: `flow ${i} btlBw`, color: c, flow: i, width: 2 });
        lines.push({
          column: `flow.${i}.pacingRate`,
          label: `flow ${i} pacing rate`,
          color: c,
          flow: i,
          dash: [4, 3],
          width: 1,
        });
      } else if (view === 'state') {
        lines.push({ column: `flow.${i}.pacingGain`, label: `flow ${i} pacing gain`, color: c, flow: i, width: 2 });
        lines.push({
          column: `flow.${i}.bbrState`,
          label: `flow ${i} state (0 Startup, 1 Drain, 2 ProbeBW, 3 ProbeRTT)`,
          color: c,
          flow: i,
          dash: [2, 2],
          width: 1,
        });
      } else {
        lines.push({ column: `flow.${i}.minRtt`, label: `flow ${i} min RTT`, color: c, flow: i, width: 2 });
      }
    }
    return {
      id: 'bbr',
      title:
        view === 'rates'
          ? 'BBR: bottleneck bandwidth and pacing rate'
          : view === 'state'
            ? 'BBR: pacing gain and state'
            : 'BBR: min RTT',
      yLabel: view === 'rates' ? 'Mb/s' : view === 'state' ? 'gain / state' : 'ms',
      unit: view === 'rates' ? 'Mb/s' : view === 'state' ? '' : 'ms',
      scale: view === 'rates' ? 1e-6 : view === 'minRtt' ? 1e3 : 1,
      lines,
    };
  }, [flows, view]);
  if (flows.length === 0) return <></>;
  const picker = (
    <select aria-label="BBR view" value={view} onChange={(e) => setView(e.target.value as View)}>
      <option value="rates">btlBw and pacing rate</option>
      <option value="state">pacing gain and state</option>
      <option value="minRtt">min RTT</option>
    </select>
  );
  return <TimeChart model={model} store={sim.store} hidden={hidden} onToggleFlow={onToggleFlow} tools={picker} />;
}
