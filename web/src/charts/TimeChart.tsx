// One generic time chart: canvas lines, SVG axes, hover read-out, a readout by keyboard and
// touch (the values at one sample time, announced politely), a data table, legend toggles,
// shared zoom/pan on the time axis, resize, PNG/SVG/CSV export. Chart components configure it.
// The painter (useTimeChartPainter), the readout cursor (useChartCursor) and the exports
// (useChartExport) are hooks; this file is the chart's markup.
import { Explain } from '../ui/Explain';
import { useContext, useEffect, useId, useMemo, useRef, useSyncExternalStore } from 'react';
import type { ChartStore } from '../store/chartStore';
import { requestFrame } from '../store/frameLoop';
import { timeView } from '../store/timeView';
import { useOnScreen } from '../ui/useOnScreen';
import { downloadText } from '../ui/download';
import type { ChartModel } from './chartModel';
import { ChartScope } from './chartScope';
import { ChartFill } from './chartFill';
import { CHART_KEYS } from './timeGestures';
import { useTimeGestures } from './useTimeGestures';
import { chartCsv } from './chartReadout';
import { FlowNames } from './flowNames';
import { useChartTable } from './ChartTableView';
import { Legend } from './Legend';
import { chartOverlays } from './overlays';
import { chartAnnotations } from './annotations';
import { type PainterInput, chartFrame, useTimeChartPainter } from './useTimeChartPainter';
import { useChartCursor } from './useChartCursor';
import { useChartExport } from './useChartExport';

export interface TimeChartProps {
  model: ChartModel;
  store: ChartStore;
  hidden: ReadonlySet<number>;
  onToggleFlow: (flow: number, solo?: boolean) => void;
  height?: number;
  /** Controls of the chart's own shown before the export buttons (the queue chart's queue picker). */
  tools?: React.ReactNode;
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
  const names = useContext(FlowNames);
  const props = useRef({ model, hidden, names });
  props.current = { model, hidden, names };
  const hover = useRef<number | null>(null);
  const { cursor, readoutOn, liveRef, setCursor, tapAt, onKey } = useChartCursor(store, props);
  const readoutRef = useRef<HTMLDivElement>(null);
  const table = useChartTable(model.title);
  const tableOn = table.open;
  const tableWanted = useRef(false);
  tableWanted.current = tableOn;
  const uid = useId();
  const size = useRef({ w: 0, h: height });
  const visible = useOnScreen(wrapRef);
  const painter: PainterInput = {
    store,
    props,
    size,
    visible,
    hover,
    cursor,
    canvas: canvasRef,
    svg: svgRef,
    tip: tipRef,
    readout: readoutRef,
    table: table.ref,
    tableWanted,
  };

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

  useTimeChartPainter(painter);
  const { onPointerDown, onPointerEnd, onPointerMove } = useTimeGestures(wrapRef, store, {
    onTap: tapAt,
    onHover: (t) => {
      hover.current = t;
      requestFrame();
    },
  });
  const { exporting, doExport } = useChartExport(model, svgRef, () => chartFrame(painter), visible);

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
