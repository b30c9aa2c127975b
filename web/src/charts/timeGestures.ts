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

/** Where and when a finger went down on the plot. */
export interface TouchStart {
  x: number;
  y: number;
  at: number;
}

const TAP_PX = 10;
const TAP_MS = 500;

/**
 * Whether a finger that went down at `start` and came up at (`x`, `y`) at time `at` (ms) tapped:
 * it moved less than 10 px and lifted within half a second (a longer or wider touch pans).
 */
export function isTap(start: TouchStart, x: number, y: number, at: number): boolean {
  return Math.hypot(x - start.x, y - start.y) < TAP_PX && at - start.at <= TAP_MS;
}

/** What a key pressed on a focused chart does. */
export type ChartKeyAction =
  /** Pans the time axis by this fraction of the window. */
  | { kind: 'pan'; by: number }
  /** Zooms the time axis by this factor (< 1 zooms in). */
  | { kind: 'zoom'; factor: number }
  /** Shows the whole run again. */
  | { kind: 'reset' }
  /** Shows or hides the readout (the values at one sample time). */
  | { kind: 'readout'; on: boolean }
  /** Moves the readout this many samples. */
  | { kind: 'move'; by: number }
  /** Puts the readout on the first or last sample shown. */
  | { kind: 'edge'; last: boolean };

/**
 * The chart's key map (its aria description and docs/main-screen.md say the same): Enter shows or
 * hides the readout; with it shown, Left and Right move it a sample (ten with Shift), Home and
 * End to the first and last sample shown, Escape hides it; without it, Left and Right pan. Page
 * Up and Page Down always pan (half a window), plus and minus zoom, 0 (and Escape with no
 * readout) shows the whole run.
 */
export function chartKey(key: string, shift: boolean, readout: boolean): ChartKeyAction | null {
  switch (key) {
    case 'Enter':
      return { kind: 'readout', on: !readout };
    case 'Escape':
      return readout ? { kind: 'readout', on: false } : { kind: 'reset' };
    case '0':
      return { kind: 'reset' };
    case '+':
    case '=':
      return { kind: 'zoom', factor: 0.8 };
    case '-':
      return { kind: 'zoom', factor: 1.25 };
    case 'PageUp':
      return { kind: 'pan', by: -0.5 };
    case 'PageDown':
      return { kind: 'pan', by: 0.5 };
    case 'ArrowLeft':
    case 'ArrowRight': {
      const sign = key === 'ArrowLeft' ? -1 : 1;
      return readout ? { kind: 'move', by: sign * (shift ? 10 : 1) } : { kind: 'pan', by: sign * 0.1 };
    }
    case 'Home':
    case 'End':
      return { kind: 'edge', last: key === 'End' };
    default:
      return null;
  }
}

/** The chart's key map in words, for its aria description. */
export const CHART_KEYS =
  'Enter shows the values at one time (the readout); then Left and Right arrows move it one sample, ' +
  'with Shift ten, Home and End to the first and last sample shown, Escape hides it. ' +
  'Without the readout Left and Right arrows pan; Page Up and Page Down pan, plus and minus zoom, 0 shows the whole run. ' +
  'Tap a time on a touch screen to read it. The Table button lists the numbers.';
