// The page's wiring that renders nothing: the scenario drawer's open state and keys, the space
// bar's play/pause, the theme on <html>, the test hook, and the charts-first gate.
import { startTransition, useEffect, useRef, useState } from 'react';
import type { SimController, SimSnapshot } from '../run/simController';
import type { Theme } from '../url/viewState';
import type { AppStateApi } from './useAppState';
import { chartsMoved } from '../charts/useTimeChartPainter';
import { installTestHook } from './testHook';

/**
 * The full scenario editor: a drawer one click away, not the page's spine. Opening moves focus
 * into the drawer; Escape closes it from anywhere.
 */
export function useEditorDrawer() {
  const [editorOpen, setEditorOpen] = useState(false);
  const drawerRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!editorOpen) return;
    drawerRef.current?.querySelector<HTMLElement>('button, select, input')?.focus();
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') setEditorOpen(false);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [editorOpen]);
  return { editorOpen, setEditorOpen, drawerRef };
}

/**
 * False until the first run's first charts have moved (drawn again with more points), then
 * true. The charts below them and the panels around them (side panels, topology, flow table, the
 * closed scenario editor) mount only then, in a transition: the first render of a run is the top
 * charts' alone, and the worker's first blocks are handled and drawn before the rest is built
 * (issue 24 item 7, npm run bench:start). They read the current run when they mount: nothing
 * shows a value from before it. A run that stops (paused, at its end, refused) gets them a frame
 * later; otherwise they come at the latest `waitMs` after the core is ready or the run is made
 * (a lesson waiting for its prediction, a slow first block).
 */
export function useChartsFirst(sim: SimController, snap: SimSnapshot, charts: boolean, waitMs = 2000): boolean {
  const [rest, setRest] = useState(false);
  const made = snap.scenario !== null || snap.status === 'error';
  // Paused, at its end or failed: it will not move on its own. ('idle' is a run about to play.)
  const settled = snap.status === 'paused' || snap.status === 'finished' || snap.status === 'error';
  useEffect(() => {
    if (rest || !snap.ready) return;
    let frame = 0;
    let timer: ReturnType<typeof setTimeout> | undefined;
    // After the frame that draws what is there: rAF runs before that frame's paint, the timeout after it.
    const showAfterFrame = () => {
      frame ||= requestAnimationFrame(() => {
        timer = setTimeout(() => startTransition(() => setRest(true)), 0);
      });
    };
    const fallback = setTimeout(showAfterFrame, waitMs);
    let off = () => {};
    if (made && settled) showAfterFrame();
    else if (made) {
      // Moved: the first chart to draw has drawn more points since (its painter says so), looked at
      // in a frame callback after the painter's. A run started before the page rendered (a bare
      // URL, SimController.startEarly) may hold several rows before any chart has drawn. A page
      // without time charts: a second row.
      let seen = 0;
      const moved = () => {
        seen ||= requestAnimationFrame(() => {
          seen = 0;
          if (charts ? chartsMoved() : sim.store.rows >= 2) showAfterFrame();
        });
      };
      const offRows = sim.store.subscribe(moved);
      off = () => {
        offRows();
        cancelAnimationFrame(seen);
      };
      moved();
    }
    return () => {
      clearTimeout(fallback);
      off();
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, [rest, snap.ready, made, settled, sim, charts, waitMs]);
  return rest;
}

/** Marks the first render and installs window.__bl, reading the notices and errors of now. */
export function useTestHook(sim: SimController, app: AppStateApi) {
  const noticesRef = useRef(app.notices);
  noticesRef.current = app.notices;
  const errorsRef = useRef(app.errors);
  errorsRef.current = app.errors;
  useEffect(() => {
    performance.mark('bl:app'); // the first render is on the page (npm run bench:start)
    installTestHook(
      sim,
      () => noticesRef.current,
      () => errorsRef.current,
    );
  }, [sim]);
}

/** The chosen theme on <html data-theme>; none for 'auto' (the system's). */
export function useThemeAttr(theme: Theme) {
  useEffect(() => {
    const root = document.documentElement;
    if (theme === 'auto') delete root.dataset.theme;
    else root.dataset.theme = theme;
  }, [theme]);
}

/**
 * The space bar plays and pauses the run, unless typed into a field or a control. Off in
 * compare mode, which plays its two runs together (its own buttons): playing one alone would
 * break the lockstep.
 */
export function useSpaceToPlay(sim: SimController, off: boolean) {
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      const t = e.target as HTMLElement;
      if (e.key !== ' ' || t.closest('input, select, textarea, button, [role="img"], dialog')) return;
      e.preventDefault();
      if (sim.getSnapshot().status === 'playing') sim.pause();
      else sim.play();
    };
    if (off) return;
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [sim, off]);
}
