// The page's wiring that renders nothing: the scenario drawer's open state and keys, the space
// bar's play/pause, the theme on <html>, the test hook, and the charts-first gate.
import { startTransition, useEffect, useRef, useState } from 'react';
import type { SimController } from '../run/simController';
import type { Theme } from '../url/viewState';
import type { AppStateApi } from './useAppState';
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
 * False until the first run's charts have been on the page for a frame, then true. The panels
 * around the charts (side panels, topology, flow table, the closed scenario editor) mount only
 * then, in a transition: React renders them in slices, so the worker's first metric blocks are
 * handled and drawn between the slices instead of waiting for one long render of the whole page
 * (issue 24 item 7, npm run bench:start). They read the current run when they mount: nothing
 * shows a value from before it. `runMade` is true once a run exists (or failed); a page with no
 * run of its own (a lesson waiting for its first answer) gets its panels `fallbackMs` after the
 * core is ready.
 */
export function useChartsFirst(coreReady: boolean, runMade: boolean, fallbackMs = 1500): boolean {
  const [rest, setRest] = useState(false);
  useEffect(() => {
    if (rest || !coreReady) return;
    const show = () => startTransition(() => setRest(true));
    if (!runMade) {
      const t = setTimeout(show, fallbackMs);
      return () => clearTimeout(t);
    }
    // After the frame that draws the charts: rAF runs before that frame's paint, the timeout after it.
    let t: ReturnType<typeof setTimeout> | undefined;
    const f = requestAnimationFrame(() => {
      t = setTimeout(show, 0);
    });
    return () => {
      cancelAnimationFrame(f);
      clearTimeout(t);
    };
  }, [rest, coreReady, runMade, fallbackMs]);
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
