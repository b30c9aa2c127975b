// A time chart's pointer gestures on its plot: drag to pan, Ctrl+wheel (or wheel when focused)
// and a two-finger pinch to zoom the shared time axis (store/timeView.ts), a tap to read the
// values at one time, and the time under the pointer for the hover line. The arithmetic is in
// timeGestures.ts; this hook keeps the pointers and wires the events.
import { type RefObject, useEffect, useRef } from 'react';
import type { ChartStore } from '../store/chartStore';
import { timeView } from '../store/timeView';
import { MARGIN } from './chartModel';
import { type Pinch, type TouchStart, isTap, pinchWindow, wheelZoomFactor } from './timeGestures';

export interface GestureHandlers {
  /** A tap at simulated time t. */
  onTap: (t: number) => void;
  /** The pointer moved over simulated time t. */
  onHover: (t: number) => void;
}

export function useTimeGestures(wrapRef: RefObject<HTMLDivElement | null>, store: ChartStore, on: GestureHandlers) {
  /** x of a pointer in plot pixels, and the plot's width. */
  const plotX = (clientX: number): [number, number] => {
    const r = wrapRef.current!.getBoundingClientRect();
    return [clientX - r.left - MARGIN.left, Math.max(1, r.width - MARGIN.left - MARGIN.right)];
  };
  const timeAt = (clientX: number): number => {
    const [x, width] = plotX(clientX);
    const w = timeView.window(store.now, store.duration);
    return w.t0 + Math.min(1, Math.max(0, x / width)) * (w.t1 - w.t0);
  };

  const drag = useRef<{ x: number; t0: number; t1: number } | null>(null);
  // Pointers down on the plot (id -> clientX) and, with two of them, the pinch as it started.
  const pointers = useRef(new Map<number, number>());
  const pinch = useRef<Pinch | null>(null);
  useEffect(() => {
    const el = wrapRef.current!;
    const onWheel = (e: WheelEvent) => {
      // Let the page scroll unless the chart has focus or Ctrl/Cmd is held (a trackpad pinch
      // arrives as Ctrl+wheel).
      if (!(e.ctrlKey || e.metaKey || document.activeElement === el)) return;
      e.preventDefault();
      timeView.zoom(store.now, store.duration, wheelZoomFactor(e.deltaY, e.deltaMode), timeAt(e.clientX));
    };
    el.addEventListener('wheel', onWheel, { passive: false });
    return () => el.removeEventListener('wheel', onWheel);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the handler reads the latest props through refs; added once per store
  }, [store]);

  const startDrag = (clientX: number) => {
    const w = timeView.window(store.now, store.duration);
    drag.current = { x: clientX, t0: w.t0, t1: w.t1 };
  };
  // A finger (or pen) down on the plot: a tap, when it lifts soon and close by, shows the readout.
  const touch = useRef<TouchStart | null>(null);
  const onPointerDown = (e: React.PointerEvent) => {
    pointers.current.set(e.pointerId, e.clientX);
    touch.current =
      e.pointerType !== 'mouse' && pointers.current.size === 1
        ? { x: e.clientX, y: e.clientY, at: performance.now() }
        : null;
    try {
      (e.target as Element).setPointerCapture?.(e.pointerId);
    } catch {
      /* not a live pointer (synthetic) */
    }
    if (pointers.current.size === 2) {
      const [a, b] = [...pointers.current.values()].map((x) => plotX(x)[0]);
      const w = timeView.window(store.now, store.duration);
      pinch.current = { t0: w.t0, t1: w.t1, a: a!, b: b! };
      drag.current = null;
    } else if (pointers.current.size === 1) startDrag(e.clientX);
  };
  const onPointerEnd = (e: React.PointerEvent) => {
    const start = touch.current;
    touch.current = null;
    if (
      e.type === 'pointerup' &&
      start &&
      pointers.current.size === 1 &&
      isTap(start, e.clientX, e.clientY, performance.now())
    ) {
      on.onTap(timeAt(e.clientX));
    }
    pointers.current.delete(e.pointerId);
    if (pointers.current.size < 2) pinch.current = null;
    // A finger left of a pinch carries on panning from where the window is now.
    const rest = [...pointers.current.values()];
    if (rest.length === 1) startDrag(rest[0]!);
    else drag.current = null;
  };

  const onPointerMove = (e: React.PointerEvent) => {
    if (pointers.current.has(e.pointerId)) pointers.current.set(e.pointerId, e.clientX);
    const p = pinch.current;
    if (p && pointers.current.size >= 2) {
      const [[a, width], [b]] = [...pointers.current.values()].slice(0, 2).map(plotX) as [
        [number, number],
        [number, number],
      ];
      const w = pinchWindow(p, a, b, width);
      timeView.set(w.t0, w.t1);
      return;
    }
    const d = drag.current;
    if (d && Math.abs(e.clientX - d.x) > 3) {
      const dt = ((d.x - e.clientX) / plotX(e.clientX)[1]) * (d.t1 - d.t0);
      timeView.set(d.t0 + dt, d.t1 + dt);
    }
    on.onHover(timeAt(e.clientX));
  };

  return { onPointerDown, onPointerEnd, onPointerMove };
}
