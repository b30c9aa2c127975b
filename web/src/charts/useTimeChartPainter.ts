// The time chart's painter: registered once per store with the frame loop, it redraws the
// canvas lines, the SVG axes, the hover tooltip, the readout's values and the open table
// from the chart's latest props (read through refs), and only what changed since the last frame.
import { type RefObject, useEffect } from 'react';
import type { ChartStore } from '../store/chartStore';
import { addPainter, requestFrame } from '../store/frameLoop';
import { timeView } from '../store/timeView';
import { shownTime } from '../store/exportData';
import { chartStats } from '../ui/probes';
import { type ChartModel, type DecimationCache, lineKey } from './chartModel';
import { type Drawn, type Frame, drawCanvas, drawHover, drawSvg, layout } from './renderTimeChart';
import { IncrementalRaster } from './incrementalRaster';
import { chartTable, readoutAt } from './chartReadout';
import { el, swatch, writeTable } from './domTable';
import { chartAnnotations } from './annotations';

/** What the chart draws, as its latest render left it (not the chart components' ChartProps). */
export interface DrawnProps {
  model: ChartModel;
  hidden: ReadonlySet<number>;
  names: readonly string[] | null;
}

export interface PainterInput {
  store: ChartStore;
  props: RefObject<DrawnProps>;
  /** The plot's size in CSS pixels. */
  size: RefObject<{ w: number; h: number }>;
  /** Whether the chart is on screen (off screen it draws when it scrolls into view). */
  visible: RefObject<boolean>;
  /** The time under the pointer, and the readout's time (null: none). */
  hover: RefObject<number | null>;
  cursor: RefObject<number | null>;
  canvas: RefObject<HTMLCanvasElement | null>;
  svg: RefObject<SVGSVGElement | null>;
  tip: RefObject<HTMLDivElement | null>;
  readout: RefObject<HTMLDivElement | null>;
  /** The table's box, and whether it is open. */
  table: RefObject<HTMLDivElement | null>;
  tableWanted: RefObject<boolean>;
}

const TIP_ROWS = 8;
/** The open table is rewritten at most this often while the run plays. */
const TABLE_MS = 1000;
/** The first chart of this page to draw points, and how many (marked once, for npm run bench:start). */
let firstDrawn: { chart: string; points: number } | null = null;
/** Whether that chart has drawn more points since (marked once). */
let firstMoved = false;

/** Whether the first chart of this page to draw points has since drawn more: a student saw it move. */
export function chartsMoved(): boolean {
  return firstMoved;
}

/** The frame the chart would draw now. */
export function chartFrame(p: PainterInput): Frame {
  const { store } = p;
  return {
    model: p.props.current.model,
    store,
    win: timeView.window(store.now, store.duration),
    width: p.size.current.w,
    height: p.size.current.h,
    hidden: p.props.current.hidden,
    marks: store.marks,
    notes: chartAnnotations.due(p.props.current.model.id, store.now),
    hoverT: p.hover.current ?? p.cursor.current,
  };
}

/** Registers the painter for `p.store` (once per store: it reads everything else through refs). */
export function useTimeChartPainter(p: PainterInput): void {
  const { store } = p;
  useEffect(() => {
    const { props, size, visible, hover, cursor } = p;
    const cache: DecimationCache = new Map();
    const raster = new IncrementalRaster();
    let lastData = '';
    let lastAxes = '';
    let lastHover: number | null = null;
    let lastCursor: number | null = null;
    let drawn: Drawn | null = null;
    // The open table: what it was written from, when, and a timer for the next rewrite.
    let tableKey = '';
    let tableFrom: unknown[] = [];
    let tableAt = 0;
    let tableTimer = 0;
    const updateTable = (key: string, win: { t0: number; t1: number }) => {
      const box = p.table.current;
      if (!box || !p.tableWanted.current) {
        tableKey = '';
        return;
      }
      const { model: m, hidden: h, names: n } = props.current;
      if (key === tableKey && tableFrom[0] === m && tableFrom[1] === h && tableFrom[2] === n) return;
      const wait = tableAt + TABLE_MS - performance.now();
      if (tableKey !== '' && wait > 0) {
        // Rewritten at most once a second while the run plays: a table is read, not watched.
        tableTimer ||= window.setTimeout(() => {
          tableTimer = 0;
          requestFrame();
        }, wait);
        return;
      }
      tableKey = key;
      tableFrom = [m, h, n];
      tableAt = performance.now();
      writeTable(box, chartTable(m, store, h, n, win));
    };
    let lastModel: ChartModel | null = null;
    let lastHidden: ReadonlySet<number> | null = null;
    /** Whether the last drawing had points: the next one with points after none is a run's first. */
    let hadPoints = false;
    const removePainter = addPainter(() => {
      const canvas = p.canvas.current;
      const svg = p.svg.current;
      if (!canvas || !svg || size.current.w <= 0) return;
      const { model: m, hidden: h } = props.current;
      const win = timeView.window(store.now, store.duration);
      // What the lines depend on: rows and marks of the stores drawn (not drop events or the
      // clock), the window, the size and the theme.
      let versions = `${store.dataVersion}`;
      for (const l of m.lines) if (l.store) versions += `,${l.store.dataVersion}`;
      const dataKey = `${versions}|${chartAnnotations.version}|${win.t0}|${win.t1}|${size.current.w}|${size.current.h}|${document.documentElement.dataset.theme}`;
      updateTable(dataKey, win);
      const sameData = dataKey === lastData && lastModel === m && lastHidden === h;
      if (sameData && hover.current === lastHover && cursor.current === lastCursor) return;
      if (!visible.current && sameData) return;
      // The readout is rewritten when it moved, or, while shown, when what it reads changed.
      const readoutDue = cursor.current !== lastCursor || (cursor.current !== null && !sameData);
      lastHover = hover.current;
      lastCursor = cursor.current;
      const f = chartFrame(p);
      if (readoutDue) updateReadout(p, f);
      let first = false;
      if (!sameData || !drawn) {
        if (!visible.current) return; // off screen: draw when it scrolls into view
        lastData = dataKey;
        lastModel = m;
        lastHidden = h;
        const started = performance.now();
        const dpr = window.devicePixelRatio || 1;
        if (canvas.width !== Math.round(f.width * dpr) || canvas.height !== Math.round(f.height * dpr)) {
          canvas.width = Math.round(f.width * dpr);
          canvas.height = Math.round(f.height * dpr);
          canvas.style.width = `${f.width}px`;
          canvas.style.height = `${f.height}px`;
        }
        // Decimation and the raster both resume where the last frame stopped when only data grew.
        drawn = layout(f, cache);
        const laidOut = performance.now();
        const update = drawCanvas(canvas.getContext('2d')!, f, drawn, dpr, raster);
        const st = (chartStats[f.model.id] ??= { draws: 0, points: 0 });
        st.draws++;
        if (update?.full) st.fullDraws = (st.fullDraws ?? 0) + 1;
        st.points = drawn.points;
        first = drawn.points > 0 && !hadPoints;
        hadPoints = drawn.points > 0;
        if (drawn.points > 0 && firstDrawn === null) {
          firstDrawn = { chart: f.model.id, points: drawn.points };
          performance.mark('bl:first-draw'); // the first chart with points (npm run bench:start)
        } else if (!firstMoved && firstDrawn?.chart === f.model.id && drawn.points > firstDrawn.points) {
          firstMoved = true;
          performance.mark('bl:first-moved'); // that chart drawn again with more points: what a student sees move
        }
        st.series = Object.fromEntries(drawn.lines.map((l) => [lineKey(l.line), l.d.n]));
        // Axes, reference lines and marks only when they moved.
        const axesKey =
          `${f.width}|${f.height}|${f.win.t0}|${f.win.t1}|${drawn.y.domain().join()}|${f.model.yLabel}|` +
          `${drawn.hlines.map((l) => `${l.value} ${l.label} ${l.color ?? ''}`).join(';')}|${f.marks.map((k) => `${k.t} ${k.label}`).join(';')}|` +
          `${(f.notes ?? []).map((a) => `${a.t} ${a.text}`).join(';')}`;
        if (axesKey !== lastAxes) {
          drawSvg(svg, f, drawn);
          lastAxes = axesKey;
        } else drawHover(svg, f, drawn);
        st.ms = performance.now() - started;
        st.layoutMs = laidOut - started;
      } else {
        drawHover(svg, f, drawn);
      }
      updateTip(p, f);
      // The frame loop lets the charts below draw their first data in this frame too.
      return first ? 'first' : undefined;
    });
    return () => {
      removePainter();
      window.clearTimeout(tableTimer);
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the painter reads the latest props through refs; registered once per store
  }, [store]);
}

/** The tooltip at the pointer: the first values at the hovered sample. */
function updateTip(p: PainterInput, f: Frame): void {
  const tip = p.tip.current;
  if (!tip) return;
  const t = p.hover.current;
  const r = t === null ? null : readoutAt(f.model, p.store, f.hidden, p.props.current.names, t);
  if (t === null || !r) {
    tip.hidden = true;
    return;
  }
  // Built as DOM text, never as HTML: a line's label can come from a link (compare mode's
  // "A: ..." and "B: ..." name the field and value the link sets), so it must not be parsed.
  const rows = r.values
    .slice(0, TIP_ROWS)
    .map((v) => el('div', undefined, swatch(v.color), `${v.label}: `, el('b', undefined, v.text)));
  if (r.values.length > TIP_ROWS)
    rows.push(el('div', 'muted', `... ${r.values.length - TIP_ROWS} more (hide flows in the legend)`));
  tip.replaceChildren(el('div', undefined, el('b', undefined, `t = ${shownTime(r.t)} s`)), ...rows);
  tip.hidden = false;
  const x = ((t - f.win.t0) / (f.win.t1 - f.win.t0)) * (f.width - 64) + 52;
  tip.style.left = `${Math.min(Math.max(0, x + 12), Math.max(0, f.width - 200))}px`;
}

/** The readout's values under the plot, every one of them, at the cursor's sample. */
function updateReadout(p: PainterInput, f: Frame): void {
  const box = p.readout.current;
  if (!box) return;
  const t = p.cursor.current;
  const r = t === null ? null : readoutAt(f.model, p.store, f.hidden, p.props.current.names, t);
  if (t === null) box.replaceChildren();
  else if (!r) box.replaceChildren('No samples yet.');
  else
    box.replaceChildren(
      el('b', undefined, `t = ${shownTime(r.t)} s`),
      ...r.values.map((v) => el('span', 'readout-value', swatch(v.color), `${v.label} `, el('b', undefined, v.text))),
    );
}
