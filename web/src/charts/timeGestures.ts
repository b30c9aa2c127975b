// Zoom gestures on the time axis as plain functions of the input: the wheel (and the
// Ctrl+wheel events a trackpad pinch sends) and a two-finger pinch on a touch screen.
import type { TimeWindow } from '../store/timeView';

/** Narrowest window a gesture zooms to, in seconds (as the keyboard and wheel zoom). */
const MIN_SPAN = 1e-3;
const NOTCH = 100; // pixels of wheel delta per mouse-wheel notch

/**
 * Zoom factor (> 1 zooms out) for one wheel event: a mouse-wheel notch zooms by 1.25; the
 * many small deltas of a trackpad pinch zoom smoothly in proportion. `deltaMode` as in
 * WheelEvent (0 pixels, 1 lines, 2 pages).
 */
export function wheelZoomFactor(deltaY: number, deltaMode = 0): number {
  const px = deltaY * (deltaMode === 1 ? 33 : deltaMode === 2 ? 800 : 1);
  return Math.min(2, Math.max(0.5, Math.exp((px / NOTCH) * Math.log(1.25))));
}

/** A pinch as it started: the window then, and the two fingers' x in plot pixels. */
export interface Pinch {
  t0: number;
  t1: number;
  a: number;
  b: number;
}

/**
 * The window while pinching, with the fingers now at x = `a` and `b` (plot pixels, plot
 * `width` wide): the span shrinks as the fingers spread, and the time that was under their
 * midpoint stays under it, so moving both fingers also pans.
 */
export function pinchWindow(p: Pinch, a: number, b: number, width: number): TimeWindow {
  const span0 = p.t1 - p.t0;
  const span = Math.max(MIN_SPAN, (span0 * Math.max(8, Math.abs(p.b - p.a))) / Math.max(8, Math.abs(b - a)));
  const anchor = p.t0 + ((p.a + p.b) / 2 / width) * span0;
  const t0 = anchor - ((a + b) / 2 / width) * span;
  return { t0, t1: t0 + span };
}
