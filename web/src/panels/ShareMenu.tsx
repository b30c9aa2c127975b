// The header's tools: Copy link (the URL holds the whole scenario and view) on the first screen;
// behind "More", one click away, the embed builder, the time series (CSV), the summary (JSON), the
// printable summary, and what the page adds (instructor and research tools, the theme). Student
// mode leaves out the exports.
import { Suspense, lazy, useEffect, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import type { SimController } from '../run/simController';
import type { ParamSpec } from '../params/types';
import { downloadText } from '../ui/download';
import { toCsv } from '../store/exportData';
import { type AppState, encodeState } from '../url/scenarioUrl';
import { EmbedBuilder } from '../embed/EmbedBuilder';

// The print sheet loads when asked for.
const PrintSummary = lazy(() => import('../print/PrintSummary').then((m) => ({ default: m.PrintSummary })));

export function ShareMenu({
  sim,
  state,
  specs,
  onError,
  more,
}: {
  sim: SimController;
  state: AppState;
  specs: ParamSpec[];
  onError: (m: string) => void;
  /** The rest of the "More" menu, after sharing and export (groups of the page's tools). */
  more?: React.ReactNode;
}) {
  const [copied, setCopied] = useState('');
  const dialogRef = useRef<HTMLDialogElement>(null);
  const [embedOpen, setEmbedOpen] = useState(false);
  // The embed builder mounts when first opened (and then stays, keeping its choices): a first
  // visit's renders of the header do not build its closed dialog (npm run bench:start).
  const [embedMade, setEmbedMade] = useState(false);
  const [printing, setPrinting] = useState(false);
  const base = `${location.origin}${location.pathname}`;
  const student = state.teach.student;
  // "More": a disclosure (a button and the panel it shows); Escape, a click elsewhere or an item's
  // button closes it.
  const [open, setOpen] = useState(false);
  const rootRef = useRef<HTMLDivElement>(null);
  const moreRef = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (!open) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== 'Escape' || document.querySelector('dialog[open]')) return;
      setOpen(false);
      moreRef.current?.focus();
    };
    const onDown = (e: PointerEvent) => {
      if (!rootRef.current?.contains(e.target as Node)) setOpen(false);
    };
    window.addEventListener('keydown', onKey);
    window.addEventListener('pointerdown', onDown);
    return () => {
      window.removeEventListener('keydown', onKey);
      window.removeEventListener('pointerdown', onDown);
    };
  }, [open]);

  const copy = async (text: string, what: string) => {
    try {
      await navigator.clipboard.writeText(text);
      setCopied(`${what} copied`);
    } catch {
      setCopied(`Select and copy the ${what.toLowerCase()} below`);
    }
    setTimeout(() => setCopied(''), 3000);
  };

  return (
    <div className="share-menu" ref={rootRef}>
      <button type="button" onClick={() => void copy(`${base}${encodeState(state)}`, 'Link')}>
        Copy link
      </button>
      <button
        type="button"
        ref={moreRef}
        className="head-more-toggle"
        aria-expanded={open}
        aria-controls="head-more"
        onClick={() => setOpen((o) => !o)}
      >
        More
      </button>
      {/* Closed, the panel is invisible (not display:none: a dialog an item opened, the compare
          chooser's, lives inside it). An item's click does its work, then closes the menu. */}
      <div
        id="head-more"
        className={`head-more${open ? ' open' : ''}`}
        onClick={(e) => {
          const t = e.target as Element;
          if (!t.closest('button') || t.closest('dialog')) return;
          setOpen(false);
          if (!document.querySelector('dialog[open]')) moreRef.current?.focus();
        }}
      >
        <div className="head-more-group" role="group" aria-label="Share and export">
          <span className="head-more-title" aria-hidden="true">
            Share and export
          </span>
          {student ? null : (
            <button
              type="button"
              onClick={() => {
                flushSync(() => {
                  setEmbedMade(true);
                  setEmbedOpen(true);
                });
                dialogRef.current?.showModal();
              }}
            >
              Get embed code
            </button>
          )}
          {student ? null : (
            <button
              type="button"
              onClick={() => downloadText(toCsv(sim.store), 'bottleneck-lab-series.csv', 'text/csv')}
            >
              Export CSV
            </button>
          )}
          {student ? null : (
            <button
              type="button"
              onClick={() => {
                sim
                  .summary()
                  .then((s) =>
                    downloadText(JSON.stringify(s, null, 2), 'bottleneck-lab-summary.json', 'application/json'),
                  )
                  .catch((e: Error) => onError(e.message));
              }}
            >
              Export summary JSON
            </button>
          )}
          <button type="button" onClick={() => setPrinting(true)}>
            Print summary
          </button>
        </div>
        {more}
      </div>
      {/* A toast under the buttons, out of the header's flow: the confirmation never moves the header. */}
      <span role="status" className="share-status small" data-testid="share-status">
        {copied}
      </span>
      {student || !embedMade ? null : (
        <EmbedBuilder
          ref={dialogRef}
          state={state}
          specs={specs}
          manifest={sim.getSnapshot().manifest}
          open={embedOpen}
          onCopy={(t, w) => void copy(t, w)}
          onClose={() => {
            setEmbedOpen(false);
            dialogRef.current?.close();
          }}
        />
      )}
      {printing ? (
        <Suspense fallback={null}>
          <PrintSummary sim={sim} state={state} onClose={() => setPrinting(false)} />
        </Suspense>
      ) : null}
    </div>
  );
}
