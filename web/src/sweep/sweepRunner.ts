// Runs a sweep's jobs across several simulation workers at once (the same worker as the
// interactive run, each with its own WASM instance), one headless run per worker at a time.
// Results arrive as runs finish; React reads a snapshot through subscribe/getSnapshot. Cancel
// terminates the workers (a headless run does not yield), so nothing from them arrives later.
import type { CallValue, FromWorker, ToWorker } from '../worker/protocol';
import { runMeasures } from '../../../wasm-core/js/runMeasures.mjs';
import { type ModelDefaults, type SweepFailure, type SweepResult, membersOf, modelInputs } from './aggregate';
import type { SweepJob } from './sweepConfig';

export interface SweepProgress {
  /** Bumped per sweep, so a view can tell a new sweep from more points of the same one. */
  sweepId: number;
  total: number;
  done: number;
  running: boolean;
  cancelled: boolean;
  workers: number;
  results: SweepResult[];
  failures: SweepFailure[];
  /** Wall time since the start (until the end), ms. */
  elapsedMs: number;
}

export type WorkerFactory = () => Worker;

const simWorker: WorkerFactory = () =>
  new Worker(new URL('../worker/sim.worker.ts', import.meta.url), { type: 'module' });

export class SweepRunner {
  private snap: SweepProgress = {
    sweepId: 0,
    total: 0,
    done: 0,
    running: false,
    cancelled: false,
    workers: 0,
    results: [],
    failures: [],
    elapsedMs: 0,
  };
  private listeners = new Set<() => void>();
  private workers: Worker[] = [];
  private queue: SweepJob[] = [];
  private startedAt = 0;

  constructor(private readonly makeWorker: WorkerFactory = simWorker) {}

  subscribe = (f: () => void): (() => void) => {
    this.listeners.add(f);
    return () => this.listeners.delete(f);
  };
  getSnapshot = (): SweepProgress => this.snap;

  private update(p: Partial<SweepProgress>): void {
    this.snap = { ...this.snap, ...p, elapsedMs: performance.now() - this.startedAt };
    for (const f of this.listeners) f();
  }

  /** Starts `jobs` on `nWorkers` workers, measuring flow `flow` of each run (a running sweep is cancelled). */
  start(jobs: SweepJob[], nWorkers: number, flow: number, defaults: ModelDefaults): void {
    this.stopWorkers();
    this.queue = [...jobs];
    this.startedAt = performance.now();
    const n = Math.max(1, Math.min(nWorkers, jobs.length));
    this.update({
      sweepId: this.snap.sweepId + 1,
      total: jobs.length,
      done: 0,
      running: jobs.length > 0,
      cancelled: false,
      workers: n,
      results: [],
      failures: [],
    });
    for (let i = 0; i < n; i++) this.spawn(flow, defaults);
  }

  cancel(): void {
    if (!this.snap.running) return;
    this.stopWorkers();
    this.queue = [];
    this.update({ running: false, cancelled: true });
  }

  private stopWorkers(): void {
    for (const w of this.workers) w.terminate();
    this.workers = [];
  }

  private spawn(flow: number, defaults: ModelDefaults): void {
    const w = this.makeWorker();
    this.workers.push(w);
    let current: SweepJob | null = null;
    const next = () => {
      current = this.queue.shift() ?? null;
      if (current) {
        const msg: ToWorker = { type: 'call', id: current.index, call: { op: 'headless', scenario: current.scenario } };
        w.postMessage(msg);
        return;
      }
      w.terminate();
      this.workers = this.workers.filter((x) => x !== w);
      if (!this.workers.length) this.update({ running: false });
    };
    const fail = (job: SweepJob, error: string) => {
      const { index, series, x, seed } = job;
      this.update({ done: this.snap.done + 1, failures: [...this.snap.failures, { index, series, x, seed, error }] });
    };
    w.onmessage = (ev: MessageEvent<FromWorker>) => {
      const msg = ev.data;
      if (msg.type === 'fatal') {
        // This worker cannot run anything: its job and, if it was the last worker, the rest fail.
        if (current) fail(current, msg.error);
        w.terminate();
        this.workers = this.workers.filter((x) => x !== w);
        if (!this.workers.length) {
          for (const j of this.queue.splice(0)) fail(j, msg.error);
          this.update({ running: false });
        }
        return;
      }
      if (!current || msg.type !== 'reply' || msg.id !== current.index) return;
      const job = current;
      if (!msg.ok) fail(job, msg.error);
      else {
        try {
          const { summary, ms } = msg.value as CallValue['headless'];
          const m = runMeasures(summary, flow, membersOf(job.scenario, flow));
          const result: SweepResult = {
            index: job.index,
            series: job.series,
            x: job.x,
            seed: job.seed,
            ms,
            m,
            model: modelInputs(job.scenario, flow, m.rtt, defaults),
          };
          this.update({ done: this.snap.done + 1, results: [...this.snap.results, result] });
        } catch (e) {
          fail(job, (e as Error).message);
        }
      }
      next();
    };
    w.onerror = (ev) => {
      ev.preventDefault();
      w.onmessage?.(
        new MessageEvent('message', {
          data: {
            type: 'fatal',
            stage: 'load',
            error: `simulation worker failed: ${ev.message || 'could not start'}`,
          } satisfies FromWorker,
        }),
      );
    };
    next();
  }
}

/** The app's one sweep runner (the panel drives it; the test hook reads it). */
export const sweeps = new SweepRunner();
