// Runs a sweep's jobs across several simulation workers at once (the same worker as the
// interactive run, each with its own WASM instance), one headless run per worker at a time.
// Results arrive as runs finish; React reads a snapshot through subscribe/getSnapshot. Cancel
// terminates the workers (a headless run does not yield), so nothing from them arrives later.
import { type WorkerFactory, WorkerClient, simWorker } from '../worker/client';
import { errorText } from '../worker/protocol';
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
  private workers: WorkerClient[] = [];
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
    for (const w of this.workers) w.close(new Error('sweep cancelled'));
    this.workers = [];
  }

  /**
   * One worker: runs jobs off the queue one at a time until it is empty. A worker that cannot run
   * anything (the core failed to load, or its script failed) fails the job it had and stops; the
   * last worker to stop fails what is left in the queue with the same reason.
   */
  private spawn(flow: number, defaults: ModelDefaults): void {
    let lost: string | null = null;
    const client: WorkerClient = new WorkerClient({
      make: this.makeWorker,
      onEvent: (e) => {
        if (e.type === 'fatal') lose(e.error);
      },
      onError: (ev) => {
        ev.preventDefault();
        lose(`simulation worker failed: ${ev.message || 'could not start'}`);
      },
    });
    const lose = (error: string) => {
      lost ??= error;
      client.close(new Error(error));
    };
    this.workers.push(client);
    /** Cancelled, or replaced by a newer sweep: nothing of it may reach the snapshot. */
    const gone = () => !this.workers.includes(client);
    const fail = (job: SweepJob, error: string) => {
      const { index, series, x, seed } = job;
      this.update({ done: this.snap.done + 1, failures: [...this.snap.failures, { index, series, x, seed, error }] });
    };
    const run = async () => {
      for (let job = this.queue.shift(); job; job = lost === null ? this.queue.shift() : undefined) {
        let result: SweepResult;
        try {
          const { summary, ms } = await client.call({ op: 'headless', scenario: job.scenario });
          if (gone()) return;
          const m = runMeasures(summary, flow, membersOf(job.scenario, flow));
          result = {
            index: job.index,
            series: job.series,
            x: job.x,
            seed: job.seed,
            ms,
            m,
            model: modelInputs(job.scenario, flow, m.rtt, defaults),
          };
        } catch (e) {
          if (gone()) return;
          fail(job, errorText(e));
          continue;
        }
        this.update({ done: this.snap.done + 1, results: [...this.snap.results, result] });
      }
      client.close(new Error('sweep done'));
      this.workers = this.workers.filter((x) => x !== client);
      if (!this.workers.length) {
        if (lost !== null) for (const j of this.queue.splice(0)) fail(j, lost);
        this.update({ running: false });
      }
    };
    void run();
  }
}

/** The app's one sweep runner (the panel drives it; the test hook reads it). */
export const sweeps = new SweepRunner();
