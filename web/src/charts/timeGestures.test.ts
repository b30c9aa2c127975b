import { describe, expect, it } from 'vitest';
import { chartKey, isTap, pinchWindow, wheelZoomFactor } from './timeGestures';

describe('wheel zoom', () => {
  it('zooms by 1.25 per mouse-wheel notch, out on scrolling down, in on scrolling up', () => {
    expect(wheelZoomFactor(100)).toBeCloseTo(1.25, 12);
    expect(wheelZoomFactor(-100)).toBeCloseTo(0.8, 12);
    expect(wheelZoomFactor(3, 1)).toBeCloseTo(1.25 ** 0.99, 12); // 3 lines of 33 px
  });
  it('zooms a trackpad pinch smoothly: many small deltas add up to what one notch of the same total does', () => {
    let f = 1;
    for (let i = 0; i < 20; i++) f *= wheelZoomFactor(-5);
    expect(f).toBeCloseTo(wheelZoomFactor(-100), 12);
    expect(wheelZoomFactor(-2)).toBeGreaterThan(0.99);
  });
  it('never jumps by more than a factor of two in one event', () => {
    expect(wheelZoomFactor(5000)).toBe(2);
    expect(wheelZoomFactor(-10, 2)).toBe(0.5);
  });
});

describe('pinch', () => {
  const p = { t0: 100, t1: 200, a: 100, b: 200 }; // plot 400 px wide: fingers on t = 125 and 150
  it('spreading the fingers to twice their distance halves the span around their midpoint', () => {
    const w = pinchWindow(p, 50, 250, 400);
    expect(w.t1 - w.t0).toBeCloseTo(50, 9);
    // t = 137.5 (the midpoint's time) is still under x = 150
    expect(w.t0 + (150 / 400) * (w.t1 - w.t0)).toBeCloseTo(137.5, 9);
  });
  it('moving both fingers together pans, pinching in zooms out', () => {
    const pan = pinchWindow(p, 200, 300, 400);
    expect(pan.t1 - pan.t0).toBeCloseTo(100, 9);
    expect(pan.t0).toBeCloseTo(75, 9); // content follows the fingers: 100 px right = 25 s earlier
    const out = pinchWindow(p, 125, 175, 400);
    expect(out.t1 - out.t0).toBeCloseTo(200, 9);
  });
  it('keeps a minimum span and survives fingers on one spot', () => {
    const w = pinchWindow({ t0: 0, t1: 0.002, a: 0, b: 400 }, 0, 400000, 400);
    expect(w.t1 - w.t0).toBeCloseTo(1e-3, 12);
    expect(Number.isFinite(pinchWindow({ ...p, b: p.a }, 10, 10, 400).t0)).toBe(true);
  });
});

describe('chart keys', () => {
  it('moves the readout with the arrows while it is shown, and pans with them while it is not', () => {
    expect(chartKey('Enter', false, false)).toEqual({ kind: 'readout', on: true });
    expect(chartKey('Enter', false, true)).toEqual({ kind: 'readout', on: false });
    expect(chartKey('ArrowRight', false, true)).toEqual({ kind: 'move', by: 1 });
    expect(chartKey('ArrowLeft', true, true)).toEqual({ kind: 'move', by: -10 });
    expect(chartKey('ArrowLeft', false, false)).toEqual({ kind: 'pan', by: -0.1 });
    expect(chartKey('ArrowRight', true, false)).toEqual({ kind: 'pan', by: 0.1 });
    expect(chartKey('End', false, false)).toEqual({ kind: 'edge', last: true });
  });
  it('keeps panning and zooming with the readout shown; Escape hides it first, then resets', () => {
    for (const on of [false, true]) {
      expect(chartKey('PageUp', false, on)).toEqual({ kind: 'pan', by: -0.5 });
      expect(chartKey('+', false, on)).toEqual({ kind: 'zoom', factor: 0.8 });
      expect(chartKey('-', false, on)).toEqual({ kind: 'zoom', factor: 1.25 });
      expect(chartKey('0', false, on)).toEqual({ kind: 'reset' });
      expect(chartKey('a', false, on)).toBeNull();
    }
    expect(chartKey('Escape', false, true)).toEqual({ kind: 'readout', on: false });
    expect(chartKey('Escape', false, false)).toEqual({ kind: 'reset' });
  });
});

describe('tap', () => {
  it('is a touch that moved under 10 px and lifted within half a second', () => {
    const start = { x: 100, y: 50, at: 1000 };
    expect(isTap(start, 106, 56, 1400)).toBe(true); // 8.5 px, 400 ms
    expect(isTap(start, 108, 56, 1400)).toBe(false); // 10 px: a pan
    expect(isTap(start, 100, 50, 1501)).toBe(false); // held too long
  });
});
