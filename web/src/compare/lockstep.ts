// Two simulations in lockstep: both advance to the same simulated time before either moves
// on. Each tick asks both workers to run until t (they run in parallel, one per worker) and
// waits for both; so A and B are never apart by more than one tick, and what is shown at any
// moment compares the same stretch of simulated time.
import type { RunStatus } from '../worker/protocol';

/** What the lockstep needs of a simulation (a SimController). */
export interface LockstepSide {
  store: { now: number };
  getSnapshot(): { duration: number; status: RunStatus };
  /** Runs to simulated time t and pauses there; resolves with the time reached. */
  runUntil(t: number): Promise<number>;
}

/** Wall time of one tick when paced (speed > 0). */
const TICK_MS = 100;
/** Simulated seconds per tick as fast as possible. */
const FAST_STEP = 2;

export type LockstepStatus = 'idle' | 'playing' | 'paused' | 'finished';

export class Lockstep {
  private token = 0;
  private status: LockstepStatus = 'idle';
  private listeners = new Set<() => void>();
  /** Simulated seconds per wall second; 0 = as fast as possible. */
  speed = 1;
  /** Called after each tick both sides reached (the summary table refreshes from it; `now`: at once). */
  onTick: ((t: number, now: boolean) => void) | null = null;

  constructor(readonly sides: readonly LockstepSide[]) {}

  /** The time both sides have reached. */
  now(): number {
    return Math.min(...this.sides.map((s) => s.store.now));
  }

  duration(): number {
    return Math.min(...this.sides.map((s) => s.getSnapshot().duration || Number.POSITIVE_INFINITY));
  }

  getStatus = (): LockstepStatus => this.status;
  subscribe = (f: () => void): (() => void) => {
    this.listeners.add(f);
    return () => this.listeners.delete(f);
  };

  private set(status: LockstepStatus): void {
    if (status === this.status) return;
    this.status = status;
    for (const f of this.listeners) f();
  }

  /** Both sides to simulated time t; resolves with the time each reached. */
  async runUntil(t: number): Promise<number[]> {
    return Promise.all(this.sides.map((s) => s.runUntil(t)));
  }

  /** Pauses, then takes both sides to simulated time t as one tick. */
  async stepTo(t: number): Promise<number[]> {
    this.pause();
    const reached = await this.runUntil(t);
    this.onTick?.(Math.min(...reached), true);
    return reached;
  }

  /** A new pair of runs was started: forget the old loop. */
  reset(): void {
    this.token++;
    this.set('paused');
  }

  pause(): void {
    this.token++;
    if (this.status === 'playing') this.set('paused');
  }

  async play(): Promise<void> {
    const token = ++this.token;
    this.set('playing');
    try {
      for (;;) {
        const started = performance.now();
        const now = this.now();
        const end = this.duration();
        if (now >= end - 1e-9) {
          this.set('finished');
          return;
        }
        const step = this.speed === 0 ? FAST_STEP : (this.speed * TICK_MS) / 1000;
        const reached = await this.runUntil(Math.min(end, now + step));
        if (token !== this.token) return;
        this.onTick?.(Math.min(...reached), false);
        const finished = this.sides.some(
          (s) => s.getSnapshot().status === 'finished' || s.getSnapshot().status === 'error',
        );
        if (finished) {
          this.set('finished');
          return;
        }
        if (this.speed > 0)
          await new Promise((r) => setTimeout(r, Math.max(0, TICK_MS - (performance.now() - started))));
        if (token !== this.token) return;
      }
    } catch {
      // A run was replaced (reset, a new scenario): the loop of the new runs takes over.
      if (token === this.token) this.set('paused');
    }
  }
}
