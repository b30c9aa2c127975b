// The embed builder ("Get embed code"): the scenario on screen or a lesson, which panels show,
// which live parameters students may change (the others locked), student mode, size or auto
// height; a live preview in an iframe; the iframe code to copy.
import { IdChecklist } from '../ui/IdChecklist';
import { forwardRef, useEffect, useState } from 'react';
import type { Manifest, ParamSpec } from '../params/types';
import { CHART_IDS, CHART_TITLES, PANEL_IDS, PANEL_TITLES } from '../url/viewState';
import type { AppState } from '../url/scenarioUrl';
import { lockableIds } from './lock';
import { type LessonInfo, loadLessonsIndex } from './lessonsIndex';
import { type EmbedChoice, SIZE_PRESETS, choiceFit, embedSnippet, embedUrl } from './embedCode';
import { CourseOriginField, EmbedPreviewFrame } from './EmbedBuilderParts';
import { useEmbedPreview } from './useEmbedPreview';
import './embed.css';

export interface EmbedBuilderProps {
  state: AppState;
  specs: ParamSpec[];
  /** The run on screen (its live controls are what can be locked). */
  manifest: Manifest | null;
  open: boolean;
  onCopy: (text: string, what: string) => void;
  onClose: () => void;
}

export const EmbedBuilder = forwardRef<HTMLDialogElement, EmbedBuilderProps>(function EmbedBuilder(
  { state, specs, manifest, open, onCopy, onClose },
  ref,
) {
  const [lessons, setLessons] = useState<LessonInfo[] | null>(null);
  const [c, setC] = useState<EmbedChoice>(() => ({
    lesson: null,
    panels: state.view.panels,
    charts: state.view.charts,
    unlock: state.teach.unlock,
    student: state.teach.student,
    width: 900,
    height: 640,
    autoHeight: true,
    host: '',
  }));
  const [preview, setPreview] = useState(true);
  useEffect(() => {
    if (open && lessons === null) void loadLessonsIndex().then(setLessons);
  }, [open, lessons]);
  const set = (p: Partial<EmbedChoice>) => setC((x) => ({ ...x, ...p }));

  const lockable = lockableIds(specs, manifest);
  const base = `${location.origin}${location.pathname}`;
  const url = embedUrl(state, c, base);
  const snippet = embedSnippet(url, c);
  const { previewUrl, frameRef, boxRef, scale, frameHeight } = useEmbedPreview(url, c, open && preview);
  const sizePreset = SIZE_PRESETS.find((p) => p.width === c.width && p.height === c.height)?.id ?? 'custom';
  const chartOnly = c.panels.length === 1 && c.panels[0] === 'charts';
  const fit = choiceFit(c, lockable, manifest);
  // What keeps the code from being copied: no chart to show, then what does not fit.
  const blocked = fit.empty ? [fit.empty, ...fit.problems] : fit.problems;

  return (
    <dialog ref={ref} className="embed-dialog" aria-labelledby="embed-title" onClose={onClose}>
      <h2 id="embed-title">Embed this simulation</h2>
      <div className="embed-builder">
        <div className="embed-options">
          <div className="param">
            <label htmlFor="embed-source">Show</label>
            <span className="param-input">
              <select
                id="embed-source"
                value={c.lesson ?? ''}
                onChange={(e) => set({ lesson: e.target.value || null })}
              >
                <option value="">This scenario</option>
                {lessons?.length ? (
                  <optgroup label="Lessons">
                    {lessons.map((l) => (
                      <option key={l.id} value={l.id} title={l.summary}>
                        {l.title}
                      </option>
                    ))}
                  </optgroup>
                ) : null}
              </select>
            </span>
          </div>
          {lessons !== null && lessons.length === 0 ? (
            <p className="muted small" data-testid="no-lessons">
              No lessons on this site (lessons/index.json not found): scenarios only.
            </p>
          ) : null}
          <fieldset>
            <legend>Panels to show</legend>
            <IdChecklist
              ids={PANEL_IDS}
              chosen={c.panels}
              titles={PANEL_TITLES}
              onChange={(panels) => set({ panels })}
            />
          </fieldset>
          <label className="inline">
            <input
              type="checkbox"
              checked={chartOnly}
              onChange={(e) => set({ panels: e.target.checked ? ['charts'] : ['controls', 'charts'] })}
            />
            Charts only (no controls: the run plays as set)
          </label>
          <fieldset>
            <legend>Charts to show</legend>
            <IdChecklist
              ids={CHART_IDS}
              chosen={c.charts}
              titles={CHART_TITLES}
              onChange={(charts) => set({ charts })}
            />
            {c.lesson !== null ? <p className="muted small">A lesson's steps choose their own charts.</p> : null}
          </fieldset>
          <fieldset>
            <legend>What students may change</legend>
            <label className="inline">
              <input
                type="checkbox"
                checked={c.unlock !== null}
                onChange={(e) => set({ unlock: e.target.checked ? [] : null })}
              />
              Lock parameters (only the ones ticked below may change; the scenario itself is fixed)
            </label>
            {c.unlock !== null ? (
              <div className="embed-unlock">
                {lockable.map((l) => (
                  <label key={l.id} className="inline" title={l.id}>
                    <input
                      type="checkbox"
                      checked={c.unlock!.includes(l.id)}
                      onChange={(e) =>
                        set({ unlock: e.target.checked ? [...c.unlock!, l.id] : c.unlock!.filter((x) => x !== l.id) })
                      }
                    />
                    {l.label}
                  </label>
                ))}
              </div>
            ) : null}
            <label className="inline">
              <input type="checkbox" checked={c.student} onChange={(e) => set({ student: e.target.checked })} />
              Student mode (hide advanced panels and exports)
            </label>
          </fieldset>
          <div className="row">
            <label className="inline">
              Size
              <select
                value={sizePreset}
                onChange={(e) => {
                  const p = SIZE_PRESETS.find((x) => x.id === e.target.value);
                  if (p) set({ width: p.width, height: p.height });
                }}
              >
                {SIZE_PRESETS.map((p) => (
                  <option key={p.id} value={p.id}>
                    {p.label}
                  </option>
                ))}
                <option value="custom" disabled={sizePreset !== 'custom'}>
                  Custom
                </option>
              </select>
            </label>
          </div>
          <div className="row">
            <label className="inline">
              Width{' '}
              <input
                type="number"
                min={200}
                max={4000}
                value={c.width}
                onChange={(e) => set({ width: Number(e.target.value) || 900 })}
              />
            </label>
            <label className="inline">
              Height{' '}
              <input
                type="number"
                min={200}
                max={4000}
                value={c.height}
                disabled={c.autoHeight}
                onChange={(e) => set({ height: Number(e.target.value) || 640 })}
              />
            </label>
            <label
              className="inline"
              title="The frame grows or shrinks to the page's height (the code includes a few lines of script for that)"
            >
              <input type="checkbox" checked={c.autoHeight} onChange={(e) => set({ autoHeight: e.target.checked })} />
              Auto height
            </label>
          </div>
          {blocked.length ? (
            <div className="notice" role="alert" id="embed-fit" data-testid="embed-fit">
              <strong>{fit.empty ? 'Nothing to embed yet:' : 'Does not fit without scrolling:'}</strong>
              <ul>
                {blocked.map((p) => (
                  <li key={p}>{p}</li>
                ))}
              </ul>
            </div>
          ) : (
            <p className="muted small" id="embed-fit" data-testid="embed-fit">
              {c.lesson === null
                ? `Every chosen chart and control fits in ${c.width} x ${c.height} without scrolling.`
                : "A lesson's panel scrolls inside the frame; its charts share the rest."}{' '}
              {fit.notes.join(' ')}
            </p>
          )}
          <CourseOriginField onOrigin={(host) => set({ host })} />
          <label htmlFor="embed-code">Embed code</label>
          <textarea
            id="embed-code"
            readOnly
            rows={c.autoHeight ? 9 : 5}
            value={snippet}
            onFocus={(e) => e.target.select()}
          />
          <div className="row">
            <button
              type="button"
              className="primary"
              disabled={blocked.length > 0}
              aria-describedby="embed-fit"
              onClick={() => onCopy(snippet, 'Embed code')}
            >
              Copy embed code
            </button>
            <a href={url} target="_blank" rel="noreferrer">
              Open in a new tab
            </a>
            <label className="inline">
              <input type="checkbox" checked={preview} onChange={(e) => setPreview(e.target.checked)} />
              Preview
            </label>
            <button type="button" onClick={onClose}>
              Close
            </button>
          </div>
        </div>
        {open && preview ? (
          <EmbedPreviewFrame
            boxRef={boxRef}
            frameRef={frameRef}
            url={previewUrl}
            width={c.width}
            height={frameHeight}
            scale={scale}
          />
        ) : null}
      </div>
    </dialog>
  );
});
