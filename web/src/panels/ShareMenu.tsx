// Sharing and export: copy the link (the URL holds the whole scenario and view), the embed
// builder, download the time series (CSV) and the summary (JSON), and the printable summary.
// Student mode leaves out the exports.
import { Suspense, lazy, useRef, useState } from 'react';
import type { SimController } from '../sim/simController';
import type { ParamSpec } from '../core/types';
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
}: {
  sim: SimController;
  state: AppState;
  specs: ParamSpec[];
  onError: (m: string) => void;
}) {
  const [copied, setCopied] = useState('');
  const dialogRef = useRef<HTMLDialogElement>(null);
  const [embedOpen, setEmbedOpen] = useState(false);
  const [printing, setPrinting] = useState(false);
  const base = `${location.origin}${location.pathname}`;
  const student = state.teach.student;

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
    <div className="share-menu" role="group" aria-label="Share and export">
      <button type="button" onClick={() => void copy(`${base}${encodeState(state)}`, 'Link')}>
        Copy link
      </button>
      {student ? null : (
        <button
          type="button"
          onClick={() => {
            setEmbedOpen(true);
            dialogRef.current?.showModal();
          }}
        >
          Get embed code
        </button>
      )}
      {student ? null : (
        <button type="button" onClick={() => downloadText(toCsv(sim.store), 'bottleneck-lab-series.csv', 'text/csv')}>
          Export CSV
        </button>
      )}
      {student ? null : (
        <button
          type="button"
          onClick={() => {
            sim
              .summary()
              .then((s) => downloadText(JSON.stringify(s, null, 2), 'bottleneck-lab-summary.json', 'application/json'))
              .catch((e: Error) => onError(e.message));
          }}
        >
          Export summary JSON
        </button>
      )}
      <button type="button" onClick={() => setPrinting(true)}>
        Print summary
      </button>
      {/* A toast under the buttons, out of the header's flow: the confirmation never moves the header. */}
      <span role="status" className="share-status small" data-testid="share-status">
        {copied}
      </span>
      {student ? null : (
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
