// One generic time chart: canvas lines, SVG axes, hover read-out, a readout by keyboard and
// touch (the values at one sample time, announced politely), a data table, legend toggles,
// shared zoom/pan on the time axis, resize, PNG/SVG/CSV export. Chart components configure it.
import { Explain } from '../ui/Explain';
import { useContext, useEffect, useId, useMemo, useRef, useState, useSyncExternalStore } from 'react';
import type { ChartStore } from '../store/chartStore';
import { addPainter, requestFrame } from '../store/frameLoop';
import { timeView } from '../store/timeView';
import { chartStats } from '../ui/probes';
import { useOnScreen } from '../ui/useOnScreen';
import { downloadBlob, downloadText, svgToPng, themeColors } from '../ui/download';
import { type ChartModel, type DecimationCache, lineKey } from './chartModel';
import { ChartScope } from './chartScope';
import { ChartFill } from './chartFill';
import { registerChartExport } from './chartExports';
import { type Drawn, type Frame, drawCanvas, drawHover, drawSvg, exportSvg, layout } from './renderTimeChart';
import { IncrementalRaster } from './incrementalRaster';
import { CHART_KEYS, chartKey } from './timeGestures';
import { useTimeGestures } from './useTimeGestures';
import { chartCsv, chartTable, nearestRow, readoutAt, readoutText, rowsIn } from './chartReadout';
import { el, swatch, writeTable } from './domTable';
import { shownTime } from '../store/exportData';
import { FlowNames } from './flowNames';
import { useChartTable } from './ChartTableView';
import { Legend } from './Legend';
import { chartOverlays } from './overlays';
import { chartAnnotations } from './annotations';

export interface TimeChartProps {
  model: ChartModel;
  store: ChartStore;
  hidden: ReadonlySet<number>;
  onToggleFlow: (flow: number, solo?: boolean) => void;
  height?: number;
  /** Controls of the chart's own shown before the export buttons (the queue chart's queue picker). */
  tools?: React.ReactNode;
}

const TIP_ROWS = 8;
/** A screen reader hears the readout once it rests this long (holding an arrow key says one value, not fifty). */
const ANNOUNCE_MS = 400;
/** The open table is rewritten at most this often while the run plays. */
const TABLE_MS = 1000;
/** Whether any chart of this page has drawn points yet (marked once, for npm run bench:start). */
let firstDrawn = false;

export function TimeChart({ model: unscoped, store, hidden, onToggleFlow, height = 200, tools }: TimeChartProps) {
  const scope = useContext(ChartScope);
  // In a fixed-size embed the plot is as tall as its grid cell leaves it (styles.css), else `height`.
  const fill = useContext(ChartFill);
  const own = useMemo<ChartModel>(
    () =>
      scope ? { ...unscoped, id: `${unscoped.id}.${scope.id}`, title: `${unscoped.title} (${scope.label})` } : unscoped,
    [unscoped, scope],
  );
  // Lines from other sources (the fluid model) are drawn after the chart's own.
  const overlays = useSyncExternalStore(chartOverlays.subscribe, () => chartOverlays.get(own.id));
  const model = useMemo<ChartModel>(
    () => (overlays.length ? { ...own, lines: [...own.lines, ...overlays] } : own),
    [own, overlays],
  );
  const wrapRef = useRef<HTMLDivElement>(null);
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const svgRef = useRef<SVGSVGElement>(null);
  const tipRef = useRef<HTMLDivElement>(null);
  const names = useContext(FlowNames);
  const props = useRef({ model, hidden, names });
  props.current = { model, hidden, names };
  const hover = useRef<number | null>(null);
  // The readout: a sample time moved by keys or set by a tap (null: not shown). Its values are
  // written into the DOM by the painter, like the tooltip; React keeps only whether it shows.
  const cursor = useRef<number | null>(null);
  const [readoutOn, setReadoutOn] = useState(false);
  const readoutRef = useRef<HTMLDivElement>(null);
  const liveRef = useRef<HTMLParagraphElement>(null);
  const announceTimer = useRef(0);
  const table = useChartTable(model.title);
  const tableOn = table.open;
  const tableWanted = useRef(false);
  tableWanted.current = tableOn;
  const tableRef = table.ref;
  const uid = useId();
  const size = useRef({ w: 0, h: height });
  const [exporting, setExporting] = useState(false);
  const visible = useOnScreen(wrapRef);

  const frame = (): Frame => ({
    model: props.current.model,
    store,
    win: timeView.window(store.now, store.duration),
    width: size.current.w,
    height: size.current.h,
    hidden: props.current.hidden,
    marks: store.marks,
    notes: chartAnnotations.due(props.current.model.id, store.now),
    hoverT: hover.current ?? cursor.current,
  });

  useEffect(() => {
    const el = wrapRef.current!;
    const measure = () => ({ w: el.clientWidth, h: fill ? el.clientHeight : height });
    const ro = new ResizeObserver(() => {
      size.current = measure();
      requestFrame();
    });
    ro.observe(el);
    size.current = measure();
    return () => ro.disconnect();
  }, [height, fill]);

  useEffect(() => {
    requestFrame();
  }, [model, hidden]);
  useEffect(() => chartAnnotations.subscribe(requestFrame), []);
  useEffect(() => {
    requestFrame();
  }, [tableOn, names]);
  useEffect(() => () => window.clearTimeout(announceTimer.current), []);

  useEffect(() => {
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
      const box = tableRef.current;
      if (!box || !tableWanted.current) {
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
    const removePainter = addPainter(() => {
      const canvas = canvasRef.current;
      const svg = svgRef.current;
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
      const f = frame();
      if (readoutDue) updateReadout(f);
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
        if (drawn.points > 0 && !firstDrawn) {
          firstDrawn = true;
          performance.mark('bl:first-draw'); // the first chart with points (npm run bench:start)
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
      updateTip(f);
    });
    return () => {
      removePainter();
      window.clearTimeout(tableTimer);
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the painter reads the latest props through refs; registered once per store
  }, [store]);

  function updateTip(f: Frame): void {
    const tip = tipRef.current;
    if (!tip) return;
    const t = hover.current;
    const r = t === null ? null : readoutAt(f.model, store, f.hidden, props.current.names, t);
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
  function updateReadout(f: Frame): void {
    const box = readoutRef.current;
    if (!box) return;
    const t = cursor.current;
    const r = t === null ? null : readoutAt(f.model, store, f.hidden, props.current.names, t);
    if (t === null) box.replaceChildren();
    else if (!r) box.replaceChildren('No samples yet.');
    else
      box.replaceChildren(
        el('b', undefined, `t = ${shownTime(r.t)} s`),
        ...r.values.map((v) => el('span', 'readout-value', swatch(v.color), `${v.label} `, el('b', undefined, v.text))),
      );
  }

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

  const { onPointerDown, onPointerEnd, onPointerMove } = useTimeGestures(wrapRef, store, {
    onTap: (t) => {
      const i = nearestRow(store, t);
      if (i >= 0) setCursor(store.ring.get(0, i));
    },
    onHover: (t) => {
      hover.current = t;
      requestFrame();
    },
  });

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

  const svgNow = (colors = themeColors()): { text: string; width: number; height: number } | null => {
    const svg = svgRef.current;
    if (!svg || size.current.w <= 0) return null;
    const f = { ...frame(), hoverT: null };
    const dr = layout(f);
    // A chart scrolled out of view has not drawn its axes lately: draw them for the export.
    if (!visible.current) drawSvg(svg, f, dr);
    return { text: exportSvg(svg, f, dr, colors), width: f.width, height: f.height };
  };
  const svgNowRef = useRef(svgNow);
  svgNowRef.current = svgNow;
  useEffect(
    () =>
      registerChartExport(model.id, (colors) => {
        const e = svgNowRef.current(colors);
        return e ? { id: model.id, title: model.title, svg: e.text, width: e.width, height: e.height } : null;
      }),
    [model.id, model.title],
  );

  const doExport = async (kind: 'png' | 'svg') => {
    setExporting(true);
    try {
      const e = svgNow();
      if (!e) return;
      if (kind === 'svg') downloadText(e.text, `${model.id}.svg`, 'image/svg+xml');
      else downloadBlob(await svgToPng(e.text, e.width, e.height), `${model.id}.png`);
    } finally {
      setExporting(false);
    }
  };

  const keysId = `${uid}-keys`;
  return (
    <section className="chart" aria-labelledby={`chart-${model.id}-title`} data-chart={model.id}>
      <header className="chart-head">
        <span className="chart-title">
          <h3 id={`chart-${model.id}-title`}>{model.title}</h3>
          {model.term ? <Explain term={model.term} /> : null}
        </span>
        <div className="chart-tools">
          {tools}
          <button
            type="button"
            className="export"
            onClick={() => downloadText(chartCsv(model, store, hidden, names), `${model.id}.csv`, 'text/csv')}
            aria-label={`Save ${model.title} as CSV`}
            title="The chart's lines, every sample, in the chart's units"
          >
            CSV
          </button>
          <button
            type="button"
            className="export"
            onClick={() => void doExport('png')}
            disabled={exporting}
            aria-label={`Save ${model.title} as PNG`}
          >
            PNG
          </button>
          <button
            type="button"
            className="export"
            onClick={() => void doExport('svg')}
            disabled={exporting}
            aria-label={`Save ${model.title} as SVG`}
          >
            SVG
          </button>
        </div>
      </header>
      <div
        ref={wrapRef}
        className="chart-plot"
        style={fill ? undefined : { height }}
        tabIndex={0}
        role="img"
        aria-label={`${model.title}. Enter reads the values at one time.`}
        aria-describedby={keysId}
        title="Drag to pan, Ctrl+wheel, trackpad or two-finger pinch (or wheel when focused) to zoom, double-click to show the whole run; tap (or focus and press Enter) to read the values at one time"
        onKeyDown={onKey}
        onPointerMove={onPointerMove}
        onPointerDown={onPointerDown}
        onPointerUp={onPointerEnd}
        onPointerCancel={onPointerEnd}
        onPointerLeave={(e) => {
          onPointerEnd(e);
          hover.current = null;
          requestFrame();
        }}
        onDoubleClick={() => timeView.reset()}
      >
        <canvas ref={canvasRef} />
        <svg ref={svgRef} className="chart-svg" aria-hidden="true" />
        <div ref={tipRef} className="chart-tip" hidden />
      </div>
      <p id={keysId} className="sr-only">
        {CHART_KEYS}
      </p>
      <div className="chart-readout" hidden={!readoutOn}>
        <div ref={readoutRef} className="chart-readout-values" data-testid="readout" />
        <button
          type="button"
          onClick={() => setCursor(null)}
          aria-label={`Hide the values at one time of ${model.title}`}
        >
          Hide
        </button>
      </div>
      <p ref={liveRef} className="sr-only" aria-live="polite" aria-atomic="true" data-testid="readout-live" />
      <Legend
        lines={model.lines}
        refs={model.hlines?.().filter((h) => h.legend)}
        hidden={hidden}
        onToggleFlow={onToggleFlow}
      >
        {table.button}
      </Legend>
      {table.box}
    </section>
  );
}
