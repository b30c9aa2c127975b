// Long-run throughput per flow (mean since measureFrom) against its target share of the
// bottleneck (capacity x weight / total weight). SVG bars, refreshed a few times a second; its
// Table lists the same numbers per flow. A readout shows one flow's numbers: Enter on the focused
// plot, the arrow keys move it from bar to bar, a tap (or click) on a bar sets it.
import { useContext, useEffect, useId, useRef, useState } from 'react';
import * as d3 from 'd3';
import { addPainter, requestFrame, requestFrameIn } from '../store/frameLoop';
import { chartStats } from '../ui/probes';
import { useOnScreen } from '../ui/useOnScreen';
import { downloadBlob, downloadText, svgToPng, themeColors } from '../ui/download';
import { type ChartProps, bottleneckRate, runValue, sharesOneBottleneck, weights } from './chartContext';
import { flowColor } from './palette';
import { MARGIN } from './chartModel';
import { ChartFill } from './chartFill';
import { fmtTick } from './renderTimeChart';
import { type ShareBar, shareReadout, shareReadoutText, shareStep, shareTable } from './chartReadout';
import { el, swatch, writeTable } from './domTable';
import { useChartTable } from './ChartTableView';
import { FlowNames } from './flowNames';

const REFRESH_MS = 250;
/** The open table is rewritten at most this often: a table is read, not watched. */
const TABLE_MS = 1000;
const DEFAULT_HEIGHT = 200;
const TITLE = 'Long-run throughput vs target share';
const KEY =
  'Bars: mean throughput since the measurement start; black ticks: target share (capacity x weight / total weight).';

type Bar = ShareBar;
/** A screen reader hears the readout once it rests this long (a held arrow key says one flow). */
const ANNOUNCE_MS = 400;
const SHARE_KEYS =
  "Enter shows one flow's values (the readout); then Left and Right arrows move it from bar to bar, " +
  'Home and End to the first and last, Escape hides it. A tap on a bar shows that flow.';

/** The bars last drawn and where: what the keys step through and what a tap hits. */
interface Drawn {
  bars: Bar[];
  from: number;
  now: number;
  /** Each bar's left edge and width in px. */
  at: { flow: number; x: number; w: number }[];
}

export function ShareChart({ sim, snap, hidden }: ChartProps) {
  const svgRef = useRef<SVGSVGElement>(null);
  const wrapRef = useRef<HTMLDivElement>(null);
  const snapRef = useRef(snap);
  snapRef.current = snap;
  const hiddenRef = useRef(hidden);
  hiddenRef.current = hidden;
  const onScreen = useOnScreen(wrapRef);
  const names = useContext(FlowNames);
  const namesRef = useRef(names);
  namesRef.current = names;
  const table = useChartTable(TITLE);
  const tableOpen = useRef(false);
  tableOpen.current = table.open;
  const fill = useContext(ChartFill);
  const fillRef = useRef(fill);
  fillRef.current = fill;

  // The readout: the flow it shows (null: hidden). Its values are written by the painter, so they
  // follow the run while it plays.
  const sel = useRef<number | null>(null);
  const [readoutOn, setReadoutOn] = useState(false);
  const readoutRef = useRef<HTMLDivElement>(null);
  const liveRef = useRef<HTMLParagraphElement>(null);
  const announceTimer = useRef(0);
  const drawn = useRef<Drawn>({ bars: [], from: 0, now: 0, at: [] });
  const keysId = `${useId()}-keys`;

  const force = useRef(true);
  useEffect(() => {
    force.current = true;
    requestFrame();
  }, [snap, hidden, names, table.open]);

  useEffect(() => {
    let last = 0;
    let lastVersion = -1;
    let tableAt = 0;
    let tableVersion = -1;
    let tableTimer = 0;
    const removePainter = addPainter(() => {
      const svgEl = svgRef.current;
      const wrap = wrapRef.current;
      const s = snapRef.current;
      if (!svgEl || !wrap || !onScreen.current) return; // off screen: drawn when scrolled into view
      const t = performance.now();
      if (!force.current && (sim.store.version === lastVersion || t - last < REFRESH_MS)) {
        if (sim.store.version !== lastVersion) requestFrameIn(REFRESH_MS - (t - last));
        return;
      }
      last = t;
      lastVersion = sim.store.version;
      force.current = false;
      const from = runValue(s, 'measureFrom', 0);
      // A target share only where every flow shares the one bottleneck (else none is drawn).
      const rate = sharesOneBottleneck(s.manifest) ? bottleneckRate(sim, s) : Number.NaN;
      const w = weights(sim, s.flowCount);
      const total = w.reduce((a, b) => a + b, 0) || 1;
      const bars: Bar[] = [];
      for (let i = 0; i < s.flowCount; i++) {
        if (hiddenRef.current.has(i)) continue;
        const thr = sim.store.mean(`flow.${i}.thr`, from, sim.store.now);
        bars.push({ flow: i, thr: Number.isFinite(thr) ? thr / 1e6 : 0, target: (rate * w[i]!) / total / 1e6 });
      }
      const width = wrap.clientWidth;
      // In a fixed-size embed the plot is as tall as its grid cell leaves it.
      const height = fillRef.current ? Math.max(60, wrap.clientHeight) : DEFAULT_HEIGHT;
      const plotW = Math.max(10, width - MARGIN.left - MARGIN.right);
      const plotH = height - MARGIN.top - MARGIN.bottom;
      const x = d3
        .scaleBand<number>()
        .domain(bars.map((b) => b.flow))
        .range([MARGIN.left, MARGIN.left + plotW])
        .padding(0.15);
      const ymax = d3.max(bars, (b) => Math.max(b.thr, Number.isFinite(b.target) ? b.target : 0)) ?? 1;
      const y = d3
        .scaleLinear()
        .domain([0, (ymax || 1) * 1.08])
        .range([MARGIN.top + plotH, MARGIN.top]);
      const svg = d3
        .select(svgEl)
        .attr('width', width)
        .attr('height', height)
        .attr('viewBox', `0 0 ${width} ${height}`);
      const layer = (cls: string) => {
        let g = svg.select<SVGGElement>(`g.${cls}`);
        if (g.empty()) g = svg.append('g').attr('class', cls);
        return g;
      };
      layer('y-axis')
        .attr('transform', `translate(${MARGIN.left},0)`)
        .call(d3.axisLeft(y).ticks(5).tickFormat(fmtTick));
      const step = Math.max(1, Math.ceil(bars.length / Math.max(1, plotW / 24)));
      layer('x-axis')
        .attr('transform', `translate(0,${MARGIN.top + plotH})`)
        .call(d3.axisBottom(x).tickValues(bars.filter((_b, i) => i % step === 0).map((b) => b.flow)));
      layer('y-label')
        .selectAll('text')
        .data(['Mb/s'])
        .join('text')
        .attr('class', 'axis-label')
        .attr('transform', `translate(12,${MARGIN.top + plotH / 2}) rotate(-90)`)
        .attr('text-anchor', 'middle')
        .text((d) => d);
      layer('bars')
        .selectAll<SVGRectElement, Bar>('rect')
        .data(bars, (b) => b.flow)
        .join('rect')
        .attr('x', (b) => x(b.flow)!)
        .attr('width', x.bandwidth())
        .attr('y', (b) => y(b.thr))
        .attr('height', (b) => y(0) - y(b.thr))
        .attr('fill', (b) => flowColor(b.flow))
        .attr('stroke', (b) => (b.flow === sel.current ? 'currentColor' : null))
        .attr('stroke-width', (b) => (b.flow === sel.current ? 2 : null))
        .selectAll('title')
        .data((b) => [b])
        .join('title')
        .text(
          (b) =>
            `flow ${b.flow}: ${b.thr.toFixed(3)} Mb/s${Number.isFinite(b.target) ? `, target ${b.target.toFixed(3)} Mb/s` : ''}`,
        );
      layer('targets')
        .selectAll<SVGLineElement, Bar>('line')
        .data(
          bars.filter((b) => Number.isFinite(b.target)),
          (b) => b.flow,
        )
        .join('line')
        .attr('x1', (b) => x(b.flow)! - 1)
        .attr('x2', (b) => x(b.flow)! + x.bandwidth() + 1)
        .attr('y1', (b) => y(b.target))
        .attr('y2', (b) => y(b.target))
        .attr('class', 'target-line');
      drawn.current = {
        bars,
        from,
        now: sim.store.now,
        at: bars.map((b) => ({ flow: b.flow, x: x(b.flow)!, w: x.bandwidth() })),
      };
      writeReadout();
      const st = (chartStats.share ??= { draws: 0, points: 0 });
      st.draws++;
      st.points = bars.length;
      const box = table.ref.current;
      if (!box || !tableOpen.current) tableVersion = -1;
      else if (tableVersion === -1 || t - tableAt >= TABLE_MS) {
        writeTable(box, shareTable(bars, from, sim.store.now, namesRef.current));
        tableAt = t;
        tableVersion = sim.store.version;
      } else if (tableVersion !== sim.store.version)
        tableTimer ||= window.setTimeout(
          () => {
            tableTimer = 0;
            force.current = true;
            requestFrame();
          },
          tableAt + TABLE_MS - t,
        );
    });
    return () => {
      removePainter();
      window.clearTimeout(tableTimer);
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the table's box is a ref; the painter is registered once per run controller
  }, [sim, onScreen]);

  /** The readout's values under the plot, for the flow it shows. */
  function writeReadout(): void {
    const box = readoutRef.current;
    if (!box) return;
    const f = sel.current;
    const d = drawn.current;
    const r = f === null ? null : shareReadout(d.bars, f, d.from, d.now, namesRef.current);
    if (f === null) box.replaceChildren();
    else if (!r) box.replaceChildren(`flow ${f}: no bar (hidden in the legend, or no data yet).`);
    else
      box.replaceChildren(
        el('b', undefined, swatch(flowColor(f)), r.name),
        ...r.values.map((v) => el('span', 'readout-value', `${v.label} `, el('b', undefined, v.text))),
      );
  }

  /** Shows the readout of a flow's bar, or hides it (null); says it once it rests. */
  const select = (f: number | null) => {
    sel.current = f;
    setReadoutOn(f !== null);
    force.current = true;
    requestFrame();
    window.clearTimeout(announceTimer.current);
    const live = liveRef.current;
    if (!live) return;
    if (f === null) live.textContent = '';
    else
      announceTimer.current = window.setTimeout(() => {
        const d = drawn.current;
        const r = shareReadout(d.bars, f, d.from, d.now, namesRef.current);
        live.textContent = r ? shareReadoutText(r) : `flow ${f}: no bar.`;
      }, ANNOUNCE_MS);
  };
  useEffect(() => () => window.clearTimeout(announceTimer.current), []);
  // Shown: on screen at once, under the plot (a tapped bar may be at the screen's bottom edge).
  useEffect(() => {
    if (readoutOn) readoutRef.current?.parentElement?.scrollIntoView({ block: 'nearest' });
  }, [readoutOn]);

  const onKey = (e: React.KeyboardEvent) => {
    const bars = drawn.current.bars;
    const k = e.key;
    let next: number | null;
    if (k === 'Enter') next = sel.current ?? shareStep(bars, null, 1);
    else if (k === 'ArrowRight' || k === 'ArrowDown') next = shareStep(bars, sel.current, 1);
    else if (k === 'ArrowLeft' || k === 'ArrowUp') next = shareStep(bars, sel.current, -1);
    else if (k === 'Home') next = shareStep(bars, null, 1);
    else if (k === 'End') next = shareStep(bars, null, -1);
    else if (k === 'Escape' && sel.current !== null) next = null;
    else return;
    e.preventDefault();
    e.stopPropagation();
    select(next);
  };

  /** A tap or click: the bar under it, or the nearest one. */
  const onTap = (e: React.MouseEvent<HTMLDivElement>) => {
    const px = e.clientX - e.currentTarget.getBoundingClientRect().left;
    let best: number | null = null;
    let dist = Infinity;
    for (const a of drawn.current.at) {
      const d = Math.abs(px - (a.x + a.w / 2));
      if (d < dist) [best, dist] = [a.flow, d];
    }
    if (best !== null) select(best);
  };

  const doExport = async (kind: 'png' | 'svg') => {
    const el = svgRef.current;
    if (!el) return;
    const colors = themeColors();
    const clone = el.cloneNode(true) as SVGSVGElement;
    clone.setAttribute('xmlns', 'http://www.w3.org/2000/svg');
    clone.setAttribute('style', `color:${colors.fg};background:${colors.bg};font:11px sans-serif`);
    for (const l of clone.querySelectorAll('line.target-line')) l.setAttribute('stroke', colors.fg);
    const text = new XMLSerializer().serializeToString(clone);
    if (kind === 'svg') downloadText(text, 'share.svg', 'image/svg+xml');
    else downloadBlob(await svgToPng(text, el.clientWidth, el.clientHeight), 'share.png');
  };

  return (
    <section className="chart" aria-labelledby="chart-share-title" data-chart="share">
      <header className="chart-head">
        <h3 id="chart-share-title">{TITLE}</h3>
        <div className="chart-tools">
          <button type="button" onClick={() => void doExport('png')} aria-label="Save the share chart as PNG">
            PNG
          </button>
          <button type="button" onClick={() => void doExport('svg')} aria-label="Save the share chart as SVG">
            SVG
          </button>
        </div>
      </header>
      <div
        ref={wrapRef}
        className="chart-plot"
        // Its height from the first render, as a time chart has: drawn later (a painter, at most
        // four times a second, only on screen), a box that grew then moved everything below it
        // by 50 px, under a click on its way to the flow table.
        style={fill ? undefined : { height: DEFAULT_HEIGHT }}
        tabIndex={0}
        role="img"
        aria-label="Bars: mean throughput per flow; lines: each flow's target share. Enter reads one flow's values."
        aria-describedby={keysId}
        title="Tap a bar (or focus and press Enter) to read its flow's values"
        onKeyDown={onKey}
        onClick={onTap}
      >
        <svg ref={svgRef} className="chart-svg static" />
      </div>
      <p id={keysId} className="sr-only">
        {SHARE_KEYS}
      </p>
      <div className="chart-readout" hidden={!readoutOn}>
        <div ref={readoutRef} className="chart-readout-values" data-testid="readout" />
        <button type="button" onClick={() => select(null)} aria-label={`Hide the values of one flow of ${TITLE}`}>
          Hide
        </button>
      </div>
      <p ref={liveRef} className="sr-only" aria-live="polite" aria-atomic="true" data-testid="readout-live" />
      <div className="legend">
        <p className="muted" title={KEY}>
          {KEY}
        </p>
        {table.button}
      </div>
      {table.box}
    </section>
  );
}
