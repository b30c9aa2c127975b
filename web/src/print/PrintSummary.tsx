// A printable one-page summary of a run, for lab reports: the charts (as images, through the
// charts' own SVG export), the scenario's parameters (numbers in human units), per-flow numbers, Jain's index, the seed
// and the link that reproduces the run. Shown over the page; the print style sheet prints only
// it, sized for one A4 or Letter page. window.print() is called once the images are in.
import { useEffect, useState } from 'react';
import type { SimController } from '../run/simController';
import { type ChartImage, exportCharts } from '../charts/chartExports';
import type { Manifest, ParamSpec, Summary } from '../params/types';
import { runTitle } from '../scenario/storyText';
import { printParams } from './printParams';
import { formatValue, specForLive } from '../scenario/liveParams';
import { findPreset } from '../scenario/presets';
import { type AppState, encodeState } from '../url/scenarioUrl';
import { PrintSheet } from '../ui/PrintSheet';
import { jainWindowLabel } from '../ui/glossary';
import './print.css';

/** The charts a summary shows, in this order, when they are on the page. */
const CHARTS = ['throughput', 'queue', 'jain', 'cwnd'];
/** Flows listed at most (more would not fit the page; the JSON export has them all). */
const MAX_FLOWS = 20;
const PRINT_COLORS = { bg: '#ffffff', fg: '#111111' };

/** "Exogenous loss (all flows)", "Buffer (queue bottleneck)": a live change by its control's label. */
function liveName(specs: readonly ParamSpec[], m: Manifest | null, entity: string, key: string): string {
  const where = entity === 'flows' ? 'all flows' : entity.replace('.', ' ');
  return `${specForLive(specs, m, entity, key)?.label ?? key} (${where})`;
}

/** A number of the summary with `digits` decimals; "n/a" where the core has none yet (null: no measured window). */
const fixed = (x: number | null | undefined, digits: number, scale = 1) =>
  typeof x === 'number' && Number.isFinite(x) ? (x * scale).toFixed(digits) : 'n/a';
const mbps = (bps: number) => fixed(bps, 3, 1e-6);

export function PrintSummary({
  sim,
  state,
  onClose,
  autoPrint = true,
}: {
  sim: SimController;
  state: AppState;
  onClose: () => void;
  autoPrint?: boolean;
}) {
  const [summary, setSummary] = useState<Summary | null>(null);
  const [error, setError] = useState('');
  const [images] = useState<ChartImage[]>(() => {
    const wanted = exportCharts(CHARTS, PRINT_COLORS);
    return (wanted.length ? wanted : exportCharts(undefined, PRINT_COLORS)).slice(0, 4);
  });
  const [loaded, setLoaded] = useState(0);
  const url = `${location.origin}${location.pathname}${encodeState(state)}`;

  useEffect(() => {
    sim.summary().then(setSummary, (e: Error) => setError(e.message));
  }, [sim]);
  useEffect(() => {
    if (autoPrint && summary && loaded >= images.length) window.print();
  }, [autoPrint, summary, loaded, images.length]);

  // The scenario's fields by the page's labels and in their units; the loss model as the run has
  // it (one line, from the manifest); the window rule each flow runs comes from the run too.
  const { manifest, specs } = sim.getSnapshot();
  const params = printParams(specs, state.scenario, manifest);
  const name = runTitle(findPreset(state.preset), state.scenario, specs, manifest);
  return (
    <PrintSheet label="Printable summary" testId="print-sheet" onClose={onClose}>
      <header>
        <h1>{name}</h1>
        <p>
          Bottleneck Lab run summary, {new Date().toISOString().slice(0, 10)}. Seed{' '}
          <b data-testid="print-seed">{String(manifest?.run.seed ?? state.scenario.seed ?? 1)}</b>, simulated time{' '}
          {summary ? summary.simSeconds.toFixed(2) : sim.store.now.toFixed(2)} s.
        </p>
        <p className="print-url">
          Reproduce this run: <span data-testid="print-url">{url}</span>
        </p>
      </header>
      <div className="print-charts">
        {images.map((img) => (
          <figure key={img.id}>
            <img
              src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(img.svg)}`}
              alt={img.title}
              onLoad={() => setLoaded((n) => n + 1)}
              onError={() => setLoaded((n) => n + 1)}
            />
            <figcaption>{img.title}</figcaption>
          </figure>
        ))}
      </div>
      {error ? <p className="param-error">Summary not available: {error}</p> : null}
      {summary ? (
        <p className="print-numbers">
          {/* The summary's index is over the measured window; the chart above is per sample interval. */}
          {jainWindowLabel(summary.measureFrom, false, summary.simSeconds)}{' '}
          <b data-testid="print-jain">{fixed(summary.jain, 3)}</b>, weighted {fixed(summary.weightedJain, 3)};
          bottleneck utilization {fixed(summary.utilization, 1, 100)} %
          {summary.queues[0] ? `; mean queue ${fixed(summary.queues[0].meanLength, 1)} packets` : ''}.
        </p>
      ) : null}
      <div className="print-tables">
        <table className="print-flows">
          <thead>
            <tr>
              <th>flow</th>
              <th>Mb/s</th>
              <th>goodput</th>
              <th>cong. loss</th>
              <th>exo. loss</th>
              <th>timeouts</th>
              <th>RTT ms</th>
              <th>weight</th>
            </tr>
          </thead>
          <tbody>
            {(summary?.flows ?? []).slice(0, MAX_FLOWS).map((f) => (
              <tr key={f.id}>
                <td>{f.id}</td>
                <td>{mbps(f.throughputBps)}</td>
                <td>{mbps(f.goodputBps)}</td>
                <td>{f.congestionLosses}</td>
                <td>{f.exogenousLosses}</td>
                <td>{f.timeouts}</td>
                <td>{fixed(f.rtt, 1, 1000)}</td>
                <td>{f.weight}</td>
              </tr>
            ))}
          </tbody>
        </table>
        {summary && summary.flows.length > MAX_FLOWS ? (
          <p className="small">... and {summary.flows.length - MAX_FLOWS} more flows (all in the summary JSON).</p>
        ) : null}
        <p className="print-params">
          {params.map(([k, v], i) => (
            <span key={`${k}${i}`}>
              <b>{k}</b> {v}
            </span>
          ))}
          {state.live.map((c, i) => (
            <span key={`live${i}`}>
              <b>at {+c.t.toFixed(3)} s</b> {liveName(specs, manifest, c.entity, c.key)} ={' '}
              {formatValue(c.value, specForLive(specs, manifest, c.entity, c.key))}
            </span>
          ))}
        </p>
      </div>
    </PrintSheet>
  );
}
