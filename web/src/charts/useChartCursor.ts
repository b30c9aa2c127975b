// The time chart's readout cursor: a sample time moved by keys or set by a tap (null: not
// shown). Its values are written into the DOM by the painter, like the tooltip; React keeps
// only whether it shows. A screen reader hears the values once the cursor rests.
import { type RefObject, useEffect, useRef, useState } from 'react';
import type { ChartStore } from '../store/chartStore';
import { requestFrame } from '../store/frameLoop';
import { timeView } from '../store/timeView';
import { nearestRow, readoutText, readoutAt, rowsIn } from './chartReadout';
import { chartKey } from './timeGestures';
import type { DrawnProps } from './useTimeChartPainter';

/** A screen reader hears the readout once it rests this long (holding an arrow key says one value, not fifty). */
const ANNOUNCE_MS = 400;

export function useChartCursor(store: ChartStore, props: RefObject<DrawnProps>) {
  const cursor = useRef<number | null>(null);
  const [readoutOn, setReadoutOn] = useState(false);
  const liveRef = useRef<HTMLParagraphElement>(null);
  const announceTimer = useRef(0);
  useEffect(() => () => window.clearTimeout(announceTimer.current), []);

  /** Says the readout once it rests (aria-live="polite"), not at every step of a held key. */
  const announce = () => {
    window.clearTimeout(announceTimer.current);
    announceTimer.current = window.setTimeout(() => {
      const live = liveRef.current;
      const t = cursor.current;
      if (!live || t === null) return;
      const { model: m, hidden: h, names: n } = props.current;
      const r = readoutAt(m, store, h, n, t);
      live.textContent = r ? readoutText(r) : 'No samples yet.';
    }, ANNOUNCE_MS);
  };

  /** Shows the readout at a sample time (in view: the window pans to it), or hides it (null). */
  const setCursor = (t: number | null) => {
    cursor.current = t;
    setReadoutOn(t !== null);
    if (t === null) {
      window.clearTimeout(announceTimer.current);
      if (liveRef.current) liveRef.current.textContent = '';
    } else {
      const w = timeView.window(store.now, store.duration);
      const span = w.t1 - w.t0;
      if (t < w.t0) timeView.set(t, t + span);
      else if (t > w.t1) timeView.set(t - span, t);
      announce();
    }
    requestFrame();
  };
  /** The cursor moved `by` samples (from the last sample shown when there is none). */
  const moveCursor = (by: number) => {
    const w = timeView.window(store.now, store.duration);
    const from = cursor.current ?? w.t1;
    const i = nearestRow(store, from);
    if (i < 0) return;
    setCursor(store.ring.get(0, Math.min(store.rows - 1, Math.max(0, i + by))));
  };
  /** The first or last sample in view. */
  const edgeTime = (last: boolean): number | null => {
    const r = rowsIn(store, timeView.window(store.now, store.duration));
    return r ? store.ring.get(0, last ? r.last : r.first) : null;
  };
  /** A tap shows the readout at the sample nearest to it. */
  const tapAt = (t: number) => {
    const i = nearestRow(store, t);
    if (i >= 0) setCursor(store.ring.get(0, i));
  };

  const onKey = (e: React.KeyboardEvent) => {
    if (e.altKey || e.ctrlKey || e.metaKey) return;
    const a = chartKey(e.key, e.shiftKey, cursor.current !== null);
    if (!a) return;
    const w = timeView.window(store.now, store.duration);
    const span = w.t1 - w.t0;
    if (a.kind === 'pan') timeView.pan(store.now, store.duration, span * a.by);
    else if (a.kind === 'zoom') timeView.zoom(store.now, store.duration, a.factor, cursor.current ?? (w.t0 + w.t1) / 2);
    else if (a.kind === 'reset') timeView.reset();
    else if (a.kind === 'readout') setCursor(a.on ? edgeTime(true) : null);
    else if (a.kind === 'move') moveCursor(a.by);
    else setCursor(edgeTime(a.last));
    e.preventDefault();
  };

  return { cursor, readoutOn, liveRef, setCursor, tapAt, onKey };
}
