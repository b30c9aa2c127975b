// Sweep: runs a base scenario over a grid of one parameter (and a series axis, e.g. sd vs
// lasd) in several web workers, and plots each run as it finishes, with the papers' closed
// forms. The form is part of the URL (url/sweepUrl.ts); results live in the sweep runner.
import { useEffect, useMemo, useRef, useState, useSyncExternalStore } from 'react';
import type { Json, ParamSpec, Scenario } from '../params/types';
import { PRESETS, findPreset } from '../scenario/presets';
import {
  type SweepConfig,
  MEASURES,
  MEASURE_LABELS,
  expandGrid,
  isMeasure,
  type SweepNumberSpecs,
  sweepNumberSpecs,
  workerCount,
} from '../sweep/sweepConfig';
import { AXES, type ModelDefaults, aggregate, plotPoint } from '../sweep/aggregate';
import { overlayLines } from '../sweep/overlays';
import { xExtent } from '../sweep/renderSweepPlot';
import { describeParam, sweepableParams } from '../sweep/sweepParams';
import { sweeps } from '../sweep/sweepRunner';
import { SweepPlot } from '../sweep/SweepPlot';
import { NumberSetting, SweepTable, TextSetting } from './SweepFormParts';

export interface SweepPanelProps {
  specs: ParamSpec[];
  /** The scenario the app holds ("current" base). */
  scenario: Scenario;
  config: SweepConfig;
  onChange: (c: SweepConfig) => void;
  onClose: () => void;
  /**
   * Called as a sweep starts: the app pauses the run on screen to free the cores, and returns
   * what resumes it (called when the sweep ends, is cancelled or the panel closes), or null.
   */
  onStart: () => (() => void) | null;
}

function specDefault(specs: readonly ParamSpec[], key: string, fallback: number): number {
  const d: Json | undefined = specs.find((s) => s.key === key)?.default;
  return typeof d === 'number' ? d : fallback;
}

const cores = () => (typeof navigator !== 'undefined' && navigator.hardwareConcurrency) || 2;

export function SweepPanel({ specs, scenario, config: cfg, onChange, onClose, onStart }: SweepPanelProps) {
  const progress = useSyncExternalStore(sweeps.subscribe, sweeps.getSnapshot);
  /** Resumes the run on screen once this sweep is over (null: it was not playing). */
  const resume = useRef<(() => void) | null>(null);
  const resumeRun = () => {
    const r = resume.current;
    resume.current = null;
    r?.();
  };
  useEffect(() => {
    if (!progress.running) resumeRun();
  }, [progress.running]);
  const [formError, setFormError] = useState<string | null>(null);
  const set = <K extends keyof SweepConfig>(k: K, v: SweepConfig[K]) => onChange({ ...cfg, [k]: v });
  const base = cfg.base === 'current' ? scenario : findPreset(cfg.base)?.scenario;
  const params = useMemo(() => sweepableParams(specs, cfg.flow, base ?? scenario), [specs, cfg.flow, base, scenario]);
  const chosen = params.findIndex((p) => p.path === cfg.param && (!p.needs || cfg.fixed.includes(p.needs)));
  const chosenParam = params[chosen] ?? params.find((p) => p.path === cfg.param);
  const defaults: ModelDefaults = useMemo(
    () => ({
      bottleneckRate: specDefault(specs, 'topology.dumbbell.bottleneckRate', 16e6),
      packetSize: specDefault(specs, 'packetSize', 1000),
      zeta: specDefault(specs, 'flows.lasd.zeta', 0.001),
    }),
    [specs],
  );

  const run = () => {
    if (!base) {
      setFormError(`base "${cfg.base}": not a preset`);
      return;
    }
    const jobs = expandGrid(cfg, base);
    if (!jobs.ok) {
      setFormError(jobs.error);
      return;
    }
    setFormError(null);
    resume.current = onStart();
    sweeps.start(jobs.value, workerCount(cfg, cores(), jobs.value.length), cfg.flow, defaults);
  };

  const pickParam = (i: number) => {
    const p = params[i];
    if (!p) return;
    const fixed = p.needs && !cfg.fixed.includes(p.needs) ? [cfg.fixed, p.needs].filter(Boolean).join('; ') : cfg.fixed;
    onChange({ ...cfg, param: p.path, fixed });
  };

  const plot = useMemo(() => {
    const points = progress.results.map((r) => plotPoint(cfg.measure, r)).filter((p) => p !== null);
    const series = [...new Set(progress.results.map((r) => r.series))];
    const ideal = /(^|\.)(weight|ccParams\.N)$/.test(cfg.param);
    const axes = AXES[cfg.measure];
    return {
      points,
      series,
      means: aggregate(points),
      logX: cfg.log,
      overlays: overlayLines(cfg.measure, progress.results, xExtent(points), { ideal, logX: cfg.log }),
      xLabel: axes.x ?? (chosenParam ? chosenParam.label : cfg.param),
      yLabel: axes.y,
    };
  }, [progress.results, cfg.measure, cfg.param, cfg.log, chosenParam]);

  const failures = useMemo(() => {
    const byError = new Map<string, string[]>();
    for (const f of progress.failures)
      byError.set(f.error, [...(byError.get(f.error) ?? []), `${f.series ? `${f.series} ` : ''}${f.x}`]);
    return [...byError];
  }, [progress.failures]);

  const numberSpecs = sweepNumberSpecs(specs);
  const numberSetting = (f: keyof SweepNumberSpecs, label: string, text?: string) => (
    <NumberSetting
      label={label}
      text={text ?? label}
      spec={numberSpecs[f]}
      value={cfg[f]}
      onChange={(v) => set(f, v)}
    />
  );
  const auto = workerCount({ ...cfg, workers: 0 }, cores(), Number.POSITIVE_INFINITY);
  const pct = progress.total ? Math.round((100 * progress.done) / progress.total) : 0;

  return (
    <section className="panel sweep-panel" aria-label="Sweep">
      <div className="notice-head">
        <h2>Sweep</h2>
        <button
          type="button"
          onClick={() => {
            sweeps.cancel();
            resumeRun();
            onClose();
          }}
          title="Close the sweep panel (cancels a running sweep)"
        >
          Close
        </button>
      </div>
      <p className="muted small">
        Runs the base scenario once per value (and per series value and seed) headless in {cfg.workers || auto} web
        worker{(cfg.workers || auto) === 1 ? '' : 's'}, each with its own simulator, and plots every run as it finishes.
        The sweep starts from the run on screen (base &quot;the current scenario&quot;).
      </p>
      <p className="small" data-testid="sweep-pause-note">
        {progress.running
          ? resume.current
            ? 'The run on screen is paused while the sweep runs; it plays on when the sweep ends.'
            : 'The run on screen is paused while the sweep runs.'
          : 'Starting a sweep pauses the run on screen (the sweep needs the processor); a run that was playing plays on when the sweep ends.'}
      </p>
      <div className="sweep-form">
        <label>
          Base scenario
          <select aria-label="Base scenario" value={cfg.base} onChange={(e) => set('base', e.target.value)}>
            <option value="current">the current scenario</option>
            {PRESETS.map((p) => (
              <option key={p.id} value={p.id}>
                {p.id}
              </option>
            ))}
          </select>
        </label>
        <label>
          Swept parameter
          <select
            aria-label="Swept parameter"
            value={chosen >= 0 ? String(chosen) : ''}
            onChange={(e) => pickParam(Number(e.target.value))}
          >
            {chosen < 0 ? <option value="">(path below)</option> : null}
            {params.map((p, i) => (
              <option key={`${p.path}-${i}`} value={i}>
                {p.label}
                {p.needs ? ` [${p.needs}]` : ''}
              </option>
            ))}
          </select>
        </label>
        <TextSetting label="Path" value={cfg.param} onChange={(v) => set('param', v)} />
        <p className="muted small sweep-spec">{describeParam(chosenParam)}</p>
        <TextSetting
          label="Values"
          value={cfg.values}
          onChange={(v) => set('values', v)}
          placeholder="1,10,100 or 1:100:7"
        />
        <label className="inline">
          <input type="checkbox" checked={cfg.log} onChange={(e) => set('log', e.target.checked)} />
          log (range spacing and x axis)
        </label>
        <TextSetting
          label="Series path"
          value={cfg.series}
          onChange={(v) => set('series', v)}
          placeholder="flows.cc (empty: one series)"
        />
        <TextSetting
          label="Series values"
          value={cfg.seriesValues}
          onChange={(v) => set('seriesValues', v)}
          placeholder="sd,lasd"
        />
        <TextSetting
          label="Also set"
          value={cfg.fixed}
          onChange={(v) => set('fixed', v)}
          placeholder="queue.maxP=0.2; exoLoss.kind=bernoulli"
        />
        <label>
          Measure
          <select
            aria-label="Measure"
            value={cfg.measure}
            onChange={(e) => {
              if (isMeasure(e.target.value)) set('measure', e.target.value);
            }}
          >
            {MEASURES.map((m) => (
              <option key={m} value={m}>
                {MEASURE_LABELS[m]}
              </option>
            ))}
          </select>
        </label>
        {numberSetting('flow', 'Measured flow k')}
        {numberSetting('duration', 'Duration (s)')}
        {numberSetting('measureFrom', 'Measure from (s)')}
        {numberSetting('seeds', 'Seeds per point')}
        {numberSetting('workers', 'Workers', `Workers (0 = auto: ${auto})`)}
      </div>
      <div className="row">
        <button type="button" className="primary" onClick={run} disabled={progress.running}>
          Run sweep
        </button>
        <button type="button" onClick={() => sweeps.cancel()} disabled={!progress.running}>
          Cancel
        </button>
        <progress aria-label="Sweep progress" max={Math.max(1, progress.total)} value={progress.done} />
        <output className="small" aria-label="Sweep status">
          {progress.total ? `${progress.done} / ${progress.total} runs` : 'no sweep yet'}
          {progress.total ? ` (${pct} %)` : ''}
          {progress.failures.length ? `, ${progress.failures.length} failed` : ''}
          {progress.total
            ? `, ${(progress.elapsedMs / 1000).toFixed(1)} s, ${progress.workers} worker${progress.workers === 1 ? '' : 's'}`
            : ''}
          {progress.cancelled ? ', cancelled' : !progress.running && progress.total ? ', done' : ''}
        </output>
      </div>
      {formError ? (
        <div className="notice error" role="alert">
          {formError}
        </div>
      ) : null}
      {failures.length ? (
        <div className="notice error sweep-failures" role="alert">
          Runs that failed (the others went on):
          <ul>
            {failures.map(([err, at]) => (
              <li key={err}>
                {err} <span className="muted">(at {at.join(', ')})</span>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      <SweepPlot data={plot} />
      <SweepTable means={plot.means} series={plot.series} />
    </section>
  );
}
