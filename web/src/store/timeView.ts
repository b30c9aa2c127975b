// The time window all charts show, shared so they zoom and pan together. `follow` keeps the
// window on the whole run so far; zooming or panning switches it off until reset.
import { requestFrame } from './frameLoop';

export interface TimeWindow {
  t0: number;
  t1: number;
}

class TimeView {
  follow = true;
  t0 = 0;
  t1 = 1;
  version = 0;

  /**
   * The window to draw now. Following, it is the whole run [0, duration] (the lines grow from
   * left to right and what is drawn stays put, so decimation is incremental); for a run without
   * an end, [0, now].
   */
  window(now: number, duration = Number.POSITIVE_INFINITY): TimeWindow {
    if (this.follow) return { t0: 0, t1: Number.isFinite(duration) && duration > 0 ? duration : Math.max(now, 1e-3) };
    return { t0: this.t0, t1: this.t1 };
  }

  set(t0: number, t1: number): void {
    if (!(t1 > t0)) return;
    this.follow = false;
    this.t0 = Math.max(0, t0);
    this.t1 = this.t0 + (t1 - t0);
    this.version++;
    requestFrame();
  }

  /** Zooms by `factor` (< 1 zooms in) around time `at`. */
  zoom(now: number, duration: number, factor: number, at: number): void {
    const w = this.window(now, duration);
    const span = Math.max(1e-3, (w.t1 - w.t0) * factor);
    const frac = (at - w.t0) / (w.t1 - w.t0 || 1);
    this.set(at - span * frac, at - span * frac + span);
  }

  pan(now: number, duration: number, dt: number): void {
    const w = this.window(now, duration);
    this.set(w.t0 + dt, w.t1 + dt);
  }

  reset(): void {
    this.follow = true;
    this.version++;
    requestFrame();
  }
}

export const timeView = new TimeView();
