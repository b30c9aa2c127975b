// The charts: which are shown is part of the view (and the URL); legends hide flows in all.
import { IdChecklist } from '../ui/IdChecklist';
import { useMemo } from 'react';
import type { SimController, SimSnapshot } from '../sim/simController';
import { CHART_IDS, CHART_TITLES, type ChartId, type ViewState } from '../url/viewState';
import { type ChartProps, flowRuleNames, wantsBand } from '../charts/chartContext';
import { CwndChart } from '../charts/CwndChart';
import { QueueChart } from '../charts/QueueChart';
import { DelayChart } from '../charts/DelayChart';
import { BbrChart, bbrFlows } from '../charts/BbrChart';
import { FlowNames } from '../charts/flowNames';
import { ThroughputChart } from '../charts/ThroughputChart';
import { LossChart } from '../charts/LossChart';
import { JainChart } from '../charts/JainChart';
import { ShareChart } from '../charts/ShareChart';

const CHARTS: Record<ChartId, (p: ChartProps) => React.ReactElement> = {
  throughput: ThroughputChart,
  cwnd: CwndChart,
  queue: QueueChart,
  delay: DelayChart,
  bbr: BbrChart,
  loss: LossChart,
  jain: JainChart,
  share: ShareChart,
};

/**
 * The four charts that tell most stories come first (a 2 x 2 block on a wide screen), then the
 * others; every chart the chooser offers is here (a chosen chart missing from this list was never
 * drawn: the queueing-delay and BBR charts the stories and lessons point to).
 */
const SHOWN_ORDER: readonly ChartId[] = ['cwnd', 'queue', 'throughput', 'jain', 'delay', 'bbr', 'loss', 'share'];

/** Charts about something a run may not have: shown only when it has it (BBR's model: BBR flows). */
function applies(id: ChartId, columns: readonly string[]): boolean {
  return id !== 'bbr' || bbrFlows(columns).length > 0;
}

export function ChartsArea({
  sim,
  snap,
  view,
  setView,
  chooser = true,
}: {
  sim: SimController;
  snap: SimSnapshot;
  view: ViewState;
  setView: (p: Partial<ViewState>) => void;
  chooser?: boolean;
}) {
  const hidden = useMemo(() => new Set(view.hidden), [view.hidden]);
  const onToggleFlow = (f: number, solo = false) => {
    if (solo) {
      const others = Array.from({ length: snap.flowCount }, (_x, i) => i).filter((i) => i !== f);
      const alone = others.every((i) => hidden.has(i)); // (a double click's first click hid f itself)
      setView({ hidden: alone ? [] : others });
      return;
    }
    setView({ hidden: hidden.has(f) ? view.hidden.filter((x) => x !== f) : [...view.hidden, f].sort((a, b) => a - b) });
  };
  const band = wantsBand(snap.flowCount, view.lines);
  const onBand = (b: boolean) => setView({ lines: !b });
  const rules = useMemo(() => flowRuleNames(snap.specs, snap.manifest), [snap.specs, snap.manifest]);
  const shown = SHOWN_ORDER.filter((id) => view.charts.includes(id) && applies(id, snap.columns));
  return (
    <section className="charts-area" aria-label="Charts">
      <FlowNames.Provider value={rules}>
        <div className="charts-grid">
          {snap.scenario
            ? shown.map((id) => {
                const C = CHARTS[id];
                return (
                  <C
                    key={id}
                    sim={sim}
                    snap={snap}
                    hidden={hidden}
                    onToggleFlow={onToggleFlow}
                    band={band}
                    onBand={onBand}
                  />
                );
              })
            : null}
        </div>
      </FlowNames.Provider>
      {chooser ? (
        <details className="chart-chooser">
          <summary>Charts shown</summary>
          <IdChecklist
            ids={CHART_IDS}
            chosen={view.charts}
            titles={CHART_TITLES}
            onChange={(charts) => setView({ charts })}
          />
        </details>
      ) : null}
      {chooser && view.hidden.length ? (
        <button type="button" onClick={() => setView({ hidden: [] })}>
          Show all flows
        </button>
      ) : null}
    </section>
  );
}
