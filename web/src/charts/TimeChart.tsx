// One generic time chart: canvas lines, SVG axes, hover read-out, legend toggles, shared
// zoom/pan on the time axis, resize, PNG/SVG export. Chart components configure it.
import { Explain } from '../ui/Explain';
import { useContext, useEffect, useMemo, useRef, useState, useSyncExternalStore } from 'react';
import type { ChartStore } from '../store/chartStore';
import { addPainter, requestFrame } from '../store/frameLoop';
import { timeView } from '../store/timeView';
import { chartStats } from '../ui/probes';
import { useOnScreen } from '../ui/useOnScreen';
import { downloadBlob, downloadText, svgToPng, themeColors } from '../ui/download';
import { type ChartModel, type DecimationCache, MARGIN, lineKey } from './chartModel';
import { ChartScope } from './chartScope';
import { ChartFill } from './chartFill';
import { registerChartExport } from './chartExports';
import { type Drawn, type Frame, drawCanvas, drawHover, drawSvg, exportSvg, layout } from './renderTimeChart';
import { IncrementalRaster } from './incrementalRaster';
import { type Pinch, pinchWindow, wheelZoomFactor } from './timeGestures';
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
const fmt = (v: number) =>
  Number.isFinite(v) ? (Math.abs(v) >= 100 ? v.toFixed(0) : Math.abs(v) >= 1 ? v.toFixed(2) : v.toPrecision(3)) : '-';

/** An element holding `children` as text and nodes (a string is never read as HTML). */
function el(tag: string, className?: string, ...children: (Node | string)[]): HTMLElement {
  const e = document.createElement(tag);
  if (className) e.className = className;
  e.append(...children);
  return e;
}

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
  const props = useRef({ model, hidden });
  props.current = { model, hidden };
  const hover = useRef<number | null>(null);
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
    hoverT: hover.current,
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
    const cache: DecimationCache = new Map();
    const raster = new IncrementalRaster();
    let lastData = '';
    let lastAxes = '';
    let lastHover: number | null = null;
    let drawn: Drawn | null = null;
    let lastModel: ChartModel | null = null;
    let lastHidden: ReadonlySet<number> | null = null;
    return addPainter(() => {
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
      const sameData = dataKey === lastData && lastModel === m && lastHidden === h;
      if (sameData && hover.current === lastHover) return;
      if (!visible.current && sameData) return;
      lastHover = hover.current;
      const f = frame();
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
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the painter reads the latest props through refs; registered once per store
  }, [store]);

  function updateTip(f: Frame): void {
    const tip = tipRef.current;
    if (!tip) return;
    const t = hover.current;
    if (t === null || store.rows === 0) {
      tip.hidden = true;
      return;
    }
    const i = Math.min(store.ring.lowerBound(t), store.rows - 1);
    const rowT = store.ring.get(0, i);
    const k = f.model.scale ?? 1;
    // Built as DOM text, never as HTML: a line's label can come from a link (compare mode's
    // "A: ..." and "B: ..." name the field and value the link sets), so it must not be parsed.
    const rows = f.model.lines
      .filter((l) => l.flow === undefined || !f.hidden.has(l.flow))
      .slice(0, TIP_ROWS)
      .map((l) => {
        const src = l.store ?? store;
        const c = src.col(l.column);
        const j = l.store ? Math.min(src.ring.lowerBound(rowT), src.rows - 1) : i;
        const v = c === undefined || j < 0 ? NaN : src.ring.get(c, j) * k;
        const swatch = el('span', 'sw');
        swatch.style.background = l.color;
        return el('div', undefined, swatch, `${l.label}: `, el('b', undefined, fmt(v)));
      });
    if (f.model.lines.length > TIP_ROWS)
      rows.push(el('div', 'muted', `... ${f.model.lines.length - TIP_ROWS} more (hide flows in the legend)`));
    tip.replaceChildren(el('div', undefined, el('b', undefined, `t = ${rowT.toFixed(2)} s`)), ...rows);
    tip.hidden = false;
    const x = ((t - f.win.t0) / (f.win.t1 - f.win.t0)) * (f.width - 64) + 52;
    tip.style.left = `${Math.min(Math.max(0, x + 12), Math.max(0, f.width - 200))}px`;
  }

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
  const onPointerDown = (e: React.PointerEvent) => {
    pointers.current.set(e.pointerId, e.clientX);
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
    hover.current = timeAt(e.clientX);
    requestFrame();
  };

  const onKey = (e: React.KeyboardEvent) => {
    const w = timeView.window(store.now, store.duration);
    const span = w.t1 - w.t0;
    const mid = (w.t0 + w.t1) / 2;
    if (e.key === 'ArrowLeft') timeView.pan(store.now, store.duration, -span * 0.1);
    else if (e.key === 'ArrowRight') timeView.pan(store.now, store.duration, span * 0.1);
    else if (e.key === '+' || e.key === '=') timeView.zoom(store.now, store.duration, 0.8, mid);
    else if (e.key === '-') timeView.zoom(store.now, store.duration, 1.25, mid);
    else if (e.key === '0' || e.key === 'Escape') timeView.reset();
    else return;
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
        aria-label={`${model.title}. Arrow keys pan, plus and minus zoom, 0 resets the time axis.`}
        title="Drag to pan, Ctrl+wheel, trackpad or two-finger pinch (or wheel when focused) to zoom, double-click to show the whole run"
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
      <Legend
        lines={model.lines}
        refs={model.hlines?.().filter((h) => h.legend)}
        hidden={hidden}
        onToggleFlow={onToggleFlow}
      />
    </section>
  );
}
