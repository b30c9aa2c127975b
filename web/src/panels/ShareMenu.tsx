// Sharing and export: copy the link (the URL holds the whole scenario and view), get an
// embed snippet, download the time series (CSV) and the summary (JSON).
import { useRef, useState } from 'react';
import type { SimController } from '../app/simController';
import { downloadText } from '../app/download';
import { toCsv } from '../app/exportData';
import { type AppState, encodeState } from '../url/scenarioUrl';
import { PANEL_IDS, type PanelId } from '../app/viewState';

export function embedUrl(state: AppState, panels: PanelId[], base: string): string {
  return `${base}?embed=1${encodeState({ ...state, view: { ...state.view, panels } })}`;
}

export function ShareMenu({ sim, state, onError }: { sim: SimController; state: AppState; onError: (m: string) => void }) {
  const [copied, setCopied] = useState('');
  const dialogRef = useRef<HTMLDialogElement>(null);
  const [panels, setPanels] = useState<PanelId[]>(state.view.panels);
  const [size, setSize] = useState({ w: 900, h: 640 });
  const base = `${location.origin}${location.pathname}`;
  const url = embedUrl(state, panels, base);
  const snippet = `<iframe src="${url.replace(/&/g, '&amp;').replace(/"/g, '&quot;')}" width="${size.w}" height="${size.h}" style="border:0" loading="lazy" title="Bottleneck Lab simulation"></iframe>`;

  const copy = async (text: string, what: string) => {
    try { await navigator.clipboard.writeText(text); setCopied(`${what} copied`); } catch { setCopied(`Select and copy the ${what.toLowerCase()} below`); }
    setTimeout(() => setCopied(''), 3000);
  };

  return (
    <div className="share-menu" role="group" aria-label="Share and export">
      <button type="button" onClick={() => void copy(`${base}${encodeState(state)}`, 'Link')}>Copy link</button>
      <button type="button" onClick={() => { setPanels(state.view.panels); dialogRef.current?.showModal(); }}>Get embed code</button>
      <button type="button" onClick={() => downloadText(toCsv(sim.store), 'bottleneck-lab-series.csv', 'text/csv')}>Export CSV</button>
      <button type="button" onClick={() => {
        sim.summary().then((s) => downloadText(JSON.stringify(s, null, 2), 'bottleneck-lab-summary.json', 'application/json')).catch((e: Error) => onError(e.message));
      }}>Export summary JSON</button>
      <span role="status" className="muted small">{copied}</span>
      <dialog ref={dialogRef} className="embed-dialog" aria-labelledby="embed-title">
        <h2 id="embed-title">Embed this simulation</h2>
        <fieldset>
          <legend>Panels to show</legend>
          {PANEL_IDS.map((p) => (
            <label key={p} className="inline">
              <input type="checkbox" checked={panels.includes(p)}
                onChange={(e) => setPanels((cur) => (e.target.checked ? PANEL_IDS.filter((x) => x === p || cur.includes(x)) : cur.filter((x) => x !== p)))} />
              {p}
            </label>
          ))}
        </fieldset>
        <div className="row">
          <label className="inline">Width <input type="number" min={200} max={4000} value={size.w} onChange={(e) => setSize({ ...size, w: Number(e.target.value) || 900 })} /></label>
          <label className="inline">Height <input type="number" min={200} max={4000} value={size.h} onChange={(e) => setSize({ ...size, h: Number(e.target.value) || 640 })} /></label>
        </div>
        <label htmlFor="embed-code">Embed code</label>
        <textarea id="embed-code" readOnly rows={5} value={snippet} onFocus={(e) => e.target.select()} />
        <div className="row">
          <button type="button" className="primary" onClick={() => void copy(snippet, 'Embed code')}>Copy embed code</button>
          <a href={url} target="_blank" rel="noreferrer">Preview</a>
          <button type="button" onClick={() => dialogRef.current?.close()}>Close</button>
        </div>
      </dialog>
    </div>
  );
}
