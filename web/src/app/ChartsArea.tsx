// The charts: which are shown is part of the view (and the URL); legends hide flows in all.
import { IdChecklist } from '../ui/IdChecklist';
import { useLayoutEffect, useMemo, useRef, useState } from 'react';
import type { SimController, SimSnapshot } from '../run/simController';
import type { ChartId, ViewState } from '../url/viewState';
import { flowRuleNames, wantsBand } from '../charts/chartContext';
import { FlowNames } from '../charts/flowNames';
import { ChartFill } from '../charts/chartFill';
import { CHART_REGISTRY, chartsToDraw, type ChartEntry } from '../charts/registry';
import { CHART_CHROME_H, MIN_PLOT, chartGrid } from '../embed/fit';

export function ChartsArea({
  sim,
  snap,
  view,
  setView,
  chooser = true,
  fit = false,
  charts = CHART_REGISTRY,
  first,
}: {
  sim: SimController;
  snap: SimSnapshot;
  view: ViewState;
  setView: (p: Partial<ViewState>) => void;
  chooser?: boolean;
  /** A fixed-size embed: the charts share the room left to them in a grid (embed/fit.ts). */
  fit?: boolean;
  /** The charts on offer (charts/registry.ts; a test passes its own). */
  charts?: readonly ChartEntry[];
  /**
   * Only the first this many charts (the page's first render of a run: App's useChartsFirst);
   * the others follow with the panels around them. Undefined: all.
   */
  first?: number;
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
  const shown = chartsToDraw(charts, view.charts, snap.columns);
  const cols = useFitColumns(fit, shown.length);
  return (
    <section className="charts-area" aria-label="Charts">
      <ChartFill.Provider value={fit}>
        <FlowNames.Provider value={rules}>
          <div
            className="charts-grid"
            ref={cols.ref}
            style={
              fit
                ? ({
                    '--cols': cols.cols,
                    '--rows': cols.rows,
                    '--min-row': `${CHART_CHROME_H + MIN_PLOT.height}px`,
                  } as React.CSSProperties)
                : undefined
            }
          >
            {snap.scenario
              ? shown.slice(0, first).map(({ id, component: C }) => {
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
      </ChartFill.Provider>
      {chooser ? (
        <details className="chart-chooser">
          <summary>Charts shown</summary>
          <IdChecklist
            ids={charts.map((c) => c.id as ChartId)}
            chosen={view.charts}
            titles={Object.fromEntries(charts.map((c) => [c.id, c.title])) as Record<ChartId, string>}
            onChange={(next) => setView({ charts: next })}
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

/**
 * The grid's columns and rows for n charts in the room the frame leaves them: the frame's height
 * less everything else on the page, so a grid grown past the frame (charts at their smallest that
 * still do not fit) is not taken as room. The frame's height is the one it had when its width was
 * last set: a frame of auto height that grew to the page would otherwise give the grid more room,
 * a new shape, a new height to report, and so on.
 */
function useFitColumns(fit: boolean, n: number) {
  const ref = useRef<HTMLDivElement>(null);
  const [grid, setGrid] = useState({ cols: 1, rows: Math.max(1, n) });
  // Before the first paint: a grid of the wrong shape for one frame would make the page taller
  // than the frame, and a frame of auto height would grow to it.
  useLayoutEffect(() => {
    const el = ref.current;
    if (!fit || !el) return;
    let frame = { w: -1, h: 0 };
    const measure = () => {
      const doc = document.documentElement;
      if (doc.clientWidth !== frame.w) frame = { w: doc.clientWidth, h: doc.clientHeight };
      const app = el.closest('.app');
      const others = app ? app.getBoundingClientRect().height - el.getBoundingClientRect().height : 0;
      let g = chartGrid(n, el.clientWidth, frame.h - others);
      // Too little room whatever the grid (what else was chosen fills the frame): columns of at
      // least 300 px, each chart at its smallest, and the page scrolls (the builder said so).
      if (!g.fits) {
        const cols = Math.min(Math.max(1, n), Math.max(1, Math.floor((el.clientWidth + 8) / 308)));
        g = { ...g, cols, rows: Math.max(1, Math.ceil(n / cols)) };
      }
      setGrid((o) => (o.cols === g.cols && o.rows === g.rows ? o : { cols: g.cols, rows: g.rows }));
    };
    const ro = new ResizeObserver(measure);
    ro.observe(el);
    window.addEventListener('resize', measure);
    measure();
    return () => {
      ro.disconnect();
      window.removeEventListener('resize', measure);
    };
  }, [fit, n]);
  return { ref, ...grid };
}
