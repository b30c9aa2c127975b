// Drawing of a time chart: lines on canvas (dense), axes, reference lines and change marks
// in SVG. The same tracing writes SVG paths for export.
import * as d3 from 'd3';
import type { ParamChange } from '../params/types';
import type { ChartStore } from '../store/chartStore';
import type { TimeWindow } from '../store/timeView';
import type { ChartAnnotation } from './annotations';
import { isDense } from './raster';
import { layoutMarkLabels, markLabelBoxes, markRowY, placeRefLabel } from './markLayout';
import { IncrementalRaster, type RasterUpdate } from './incrementalRaster';
import {
  type ChartModel,
  type DecimationCache,
  type DecimatedLine,
  type HLine,
  type Plot,
  bandPairs,
  decimateLines,
  plotArea,
  traceBand,
  traceLine,
  yRange,
} from './chartModel';

/** Opacity of a band's fill (its lines are drawn at full strength). */
const BAND_ALPHA = 0.22;

export interface Frame {
  model: ChartModel;
  store: ChartStore;
  win: TimeWindow;
  width: number;
  height: number;
  hidden: ReadonlySet<number>;
  marks: readonly ParamChange[];
  /** Notes due on this chart (their time is passed). */
  notes?: readonly ChartAnnotation[];
  hoverT: number | null;
}

export interface Drawn {
  plot: Plot;
  lines: DecimatedLine[];
  hlines: HLine[];
  y: d3.ScaleLinear<number, number>;
  /** The same mapping as `y` as a plain function (d3 scales are too slow per sample). */
  yFast: (v: number) => number;
  x: d3.ScaleLinear<number, number>;
  points: number;
}

/** Decimates and scales: everything both the canvas and an export need. */
export function layout(f: Frame, cache?: DecimationCache): Drawn {
  const plot = plotArea(f.width, f.height);
  const cols = Math.max(1, Math.floor(plot.width));
  const lines = decimateLines(f.model, f.store, f.win, cols, f.hidden, cache);
  // A reference line that starts after the window shown is not drawn, nor does it stretch the y axis.
  const hlines = (f.model.hlines?.() ?? []).filter((h) => h.from === undefined || h.from < f.win.t1);
  const cut = f.model.transientEnd?.() ?? null;
  const fromCol = cut !== null && cut > f.win.t0 ? Math.ceil(((cut - f.win.t0) / (f.win.t1 - f.win.t0)) * cols) : 0;
  const [y0, y1] = yRange(f.model, lines, hlines, fromCol);
  const y = d3
    .scaleLinear()
    .domain([y0, y1])
    .range([plot.top + plot.height, plot.top]);
  const [r0, r1] = [plot.top + plot.height, plot.top];
  const k = (r1 - r0) / (y1 - y0);
  const yFast = (v: number) => r0 + (v - y0) * k;
  const x = d3
    .scaleLinear()
    .domain([f.win.t0, f.win.t1])
    .range([plot.left, plot.left + plot.width]);
  let points = 0;
  for (const l of lines) points += l.d.n;
  return { plot, lines, hlines, y, yFast, x, points };
}

const images = new WeakMap<CanvasRenderingContext2D, ImageData>();

/**
 * Draws the lines on the canvas: dense ones rasterised (by `raster`, which redraws only the
 * strip new data changed when it can), sparse ones stroked on top, clipped to that strip.
 * Returns what changed (null: nothing).
 */
export function drawCanvas(
  ctx: CanvasRenderingContext2D,
  f: Frame,
  dr: Drawn,
  dpr: number,
  raster = new IncrementalRaster(),
): RasterUpdate | null {
  const { plot } = dr;
  const cols = Math.max(1, Math.floor(plot.width));
  const scale = f.model.scale ?? 1;
  const W = ctx.canvas.width;
  const H = ctx.canvas.height;
  let img = images.get(ctx);
  if (!img || img.width !== W || img.height !== H) {
    img = ctx.createImageData(W, H);
    images.set(ctx, img);
  }
  const target = { buf: new Uint32Array(img.data.buffer), width: W, height: H, dpr };
  const [y0, y1] = dr.y.domain() as [number, number];
  const update = raster.draw(target, dr.lines, plot, cols, dr.yFast, `${y0},${y1}`, scale);
  if (!update) return null;
  const { rect } = update;
  ctx.setTransform(1, 0, 0, 1, 0, 0);
  ctx.putImageData(img, 0, 0, rect.x, rect.y, rect.w, rect.h);
  ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
  const sparse = dr.lines.filter((l) => !isDense(l.d, cols));
  const bands = bandPairs(dr.lines);
  if (sparse.length === 0 && bands.length === 0) return update;
  const left = Math.max(plot.left, rect.x / dpr);
  ctx.save();
  ctx.beginPath();
  ctx.rect(left, plot.top, plot.left + plot.width - left, plot.height);
  ctx.clip();
  // Bands over the freshly put strip only (left of it the canvas keeps the earlier fill).
  for (const { hi, lo } of bands) {
    ctx.beginPath();
    ctx.fillStyle = hi.line.color;
    ctx.globalAlpha = BAND_ALPHA;
    traceBand(ctx, hi.d, lo.d, plot, cols, dr.yFast, scale);
    ctx.fill();
    ctx.globalAlpha = 1;
  }
  for (const { line, d } of sparse) {
    ctx.beginPath();
    ctx.strokeStyle = line.color;
    ctx.lineWidth = line.width ?? 1.25;
    ctx.setLineDash(line.dash ?? []);
    traceLine(ctx, d, plot, cols, dr.yFast, scale);
    ctx.stroke();
  }
  ctx.restore();
  return update;
}

const siTick = d3.format('~s');
const plainTick = d3.format('~g');

/** Axis labels: SI prefixes from 1000 up (16M, 250k); plain below, so 0.8 is not "800m". */
export function fmtTick(v: d3.NumberValue): string {
  const x = v.valueOf();
  return Math.abs(x) >= 1000 ? siTick(x) : plainTick(Number(x.toPrecision(6)));
}

/** Axes, grid, reference lines, change marks and the hover line, into `svg`. */
export function drawSvg(svgEl: SVGSVGElement, f: Frame, dr: Drawn): void {
  const svg = d3
    .select(svgEl)
    .attr('width', f.width)
    .attr('height', f.height)
    .attr('viewBox', `0 0 ${f.width} ${f.height}`);
  const { plot, x, y } = dr;
  const layer = (cls: string) => {
    let g = svg.select<SVGGElement>(`g.${cls}`);
    if (g.empty()) g = svg.append('g').attr('class', cls);
    return g;
  };
  const xTicks = Math.max(2, Math.floor(plot.width / 80));
  const yTicks = Math.max(2, Math.floor(plot.height / 35));
  layer('grid')
    .attr('transform', `translate(${plot.left},0)`)
    .call(
      d3
        .axisLeft(y)
        .ticks(yTicks)
        .tickSize(-plot.width)
        .tickFormat(() => ''),
    )
    .call((g) => g.select('.domain').remove());
  layer('x-axis')
    .attr('transform', `translate(0,${plot.top + plot.height})`)
    .call(
      d3
        .axisBottom(x)
        .ticks(xTicks)
        .tickFormat((v) => `${fmtTick(v)}s`),
    );
  layer('y-axis').attr('transform', `translate(${plot.left},0)`).call(d3.axisLeft(y).ticks(yTicks).tickFormat(fmtTick));
  layer('y-label')
    .selectAll('text')
    .data([f.model.yLabel])
    .join('text')
    .attr('transform', `translate(12,${plot.top + plot.height / 2}) rotate(-90)`)
    .attr('text-anchor', 'middle')
    .attr('class', 'axis-label')
    .text((d) => d);

  const marks = f.marks.filter((m) => m.t >= f.win.t0 && m.t <= f.win.t1);
  // Labels never overlap: stacked in rows, the rest folded into a count (all of them on hover).
  const labels = layoutMarkLabels(
    marks.map((m) => x(m.t)),
    marks.map((m) => m.label),
    { left: plot.left, right: plot.left + plot.width, rows: 3 },
  );
  // Reference-line labels keep clear of them ("buffer 250" beside the line, not over a mark's text).
  const taken = markLabelBoxes(labels, plot.top);
  // A line that holds from a live change on starts at that time (before it the run had another value).
  const startX = (h: HLine) => (h.from === undefined ? plot.left : Math.max(plot.left, x(h.from)));
  const right = plot.left + plot.width;
  const refAt = (h: HLine) =>
    placeRefLabel(
      y(h.value),
      h.label,
      { left: startX(h), right, top: plot.top, bottom: plot.top + plot.height },
      taken,
    );
  const inPlot = (v: number) => v >= plot.top - 0.5 && v <= plot.top + plot.height + 0.5;
  const hl = layer('hlines')
    .selectAll<SVGGElement, HLine>('g')
    .data(dr.hlines.filter((h) => inPlot(y(h.value)) && startX(h) < right))
    .join((e) => {
      const g = e.append('g');
      g.append('line');
      g.append('text');
      return g;
    });
  hl.select('line')
    .attr('x1', startX)
    .attr('x2', right)
    .attr('y1', (h) => y(h.value))
    .attr('y2', (h) => y(h.value))
    .attr('stroke', (h) => h.color ?? 'currentColor')
    .attr('stroke-dasharray', '5 4')
    .attr('class', 'ref-line');
  hl.select('text')
    .attr('x', (h) => refAt(h).x)
    .attr('y', (h) => refAt(h).y)
    .attr('text-anchor', (h) => (refAt(h).anchorEnd ? 'end' : 'start'))
    .attr('class', 'ref-label')
    .text((h) => h.label);

  // A mark whose label is folded into another and whose line falls on a pixel already drawn adds
  // nothing to see: a link's 1,000 changes within a second are a few elements, not 1,000 per frame.
  const shown: number[] = [];
  let lastPx = Number.NaN;
  labels.forEach((l, i) => {
    const px = Math.round(x(marks[i]!.t));
    if (l.row >= 0 || px !== lastPx) shown.push(i);
    lastPx = px;
  });
  const mk = layer('marks')
    .selectAll<SVGGElement, number>('g')
    .data(shown)
    .join((e) => {
      const g = e.append('g').attr('class', 'mark');
      g.append('line');
      g.append('text');
      return g;
    });
  mk.select('line')
    .attr('x1', (i) => x(marks[i]!.t))
    .attr('x2', (i) => x(marks[i]!.t))
    .attr('y1', plot.top)
    .attr('y2', plot.top + plot.height);
  mk.select('text')
    .attr('x', (i) => labels[i]!.x)
    .attr('y', (i) => markRowY(plot.top, labels[i]!.row))
    .attr('text-anchor', (i) => (labels[i]!.anchorEnd ? 'end' : 'start'))
    .attr('display', (i) => (labels[i]!.row < 0 ? 'none' : null))
    .text((i) => labels[i]!.text)
    .selectAll('title')
    .data((i) => [labels[i]!.title])
    .join('title')
    .text((d) => d);

  drawNotes(layer('annotations'), f, dr);
  drawHover(svgEl, f, dr);
}

/** Annotations: a dotted line at t, a dot at y if given, the note in a box beside it. */
function drawNotes(g: d3.Selection<SVGGElement, unknown, null, undefined>, f: Frame, dr: Drawn): void {
  const { plot, x, y } = dr;
  const notes = (f.notes ?? []).filter((a) => a.t >= f.win.t0 && a.t <= f.win.t1);
  const sel = g
    .selectAll<SVGGElement, ChartAnnotation>('g.annotation')
    .data(notes)
    .join((e) => {
      const n = e.append('g').attr('class', 'annotation');
      n.append('line');
      n.append('circle');
      n.append('rect');
      n.append('text');
      return n;
    })
    .attr('data-t', (a) => a.t)
    .style('color', (a) => a.color ?? null);
  const right = (a: ChartAnnotation) => x(a.t) > plot.left + plot.width * 0.6;
  const ty = (a: ChartAnnotation, i: number) =>
    a.y !== undefined && Number.isFinite(y(a.y))
      ? Math.min(Math.max(y(a.y) - 8, plot.top + 12), plot.top + plot.height - 4)
      : plot.top + plot.height - 8 - (i % 3) * 16;
  sel
    .select('line')
    .attr('x1', (a) => x(a.t))
    .attr('x2', (a) => x(a.t))
    .attr('y1', plot.top)
    .attr('y2', plot.top + plot.height);
  sel
    .select('circle')
    .attr('cx', (a) => x(a.t))
    .attr('cy', (a) => (a.y === undefined ? -10 : y(a.y)))
    .attr('r', (a) => (a.y === undefined ? 0 : 4));
  sel
    .select('text')
    .attr('x', (a) => x(a.t) + (right(a) ? -6 : 6))
    .attr('y', ty)
    .attr('text-anchor', (a) => (right(a) ? 'end' : 'start'))
    .text((a) => a.text);
  sel.each(function () {
    const n = d3.select(this);
    const box = (n.select('text').node() as SVGTextElement | null)?.getBBox?.();
    if (box)
      n.select('rect')
        .attr('x', box.x - 3)
        .attr('y', box.y - 1)
        .attr('width', box.width + 6)
        .attr('height', box.height + 2)
        .attr('rx', 3);
  });
}

/** Only the hover line (when nothing but the pointer moved). */
export function drawHover(svgEl: SVGSVGElement, f: Frame, dr: Drawn): void {
  const svg = d3.select(svgEl);
  let g = svg.select<SVGGElement>('g.hover');
  if (g.empty()) g = svg.append('g').attr('class', 'hover');
  const { plot, x } = dr;
  const hover = f.hoverT !== null && f.hoverT >= f.win.t0 && f.hoverT <= f.win.t1 ? [f.hoverT] : [];
  g.selectAll('line')
    .data(hover)
    .join('line')
    .attr('x1', (t) => x(t))
    .attr('x2', (t) => x(t))
    .attr('y1', plot.top)
    .attr('y2', plot.top + plot.height)
    .attr('class', 'hover-line');
}

/** A standalone SVG document of the chart as drawn (axes, marks and the lines as paths). */
export function exportSvg(svgEl: SVGSVGElement, f: Frame, dr: Drawn, colors: { bg: string; fg: string }): string {
  const clone = svgEl.cloneNode(true) as SVGSVGElement;
  clone.setAttribute('xmlns', 'http://www.w3.org/2000/svg');
  clone.setAttribute('style', `color:${colors.fg};background:${colors.bg};font:11px sans-serif`);
  clone.querySelector('g.hover')?.remove();
  const bg = document.createElementNS('http://www.w3.org/2000/svg', 'rect');
  bg.setAttribute('width', String(f.width));
  bg.setAttribute('height', String(f.height));
  bg.setAttribute('fill', colors.bg);
  clone.insertBefore(bg, clone.firstChild);
  const cols = Math.max(1, Math.floor(dr.plot.width));
  const g = document.createElementNS('http://www.w3.org/2000/svg', 'g');
  g.setAttribute('fill', 'none');
  for (const { hi, lo } of bandPairs(dr.lines)) {
    const p = d3.path();
    traceBand(p, hi.d, lo.d, dr.plot, cols, dr.yFast, f.model.scale ?? 1);
    const el = document.createElementNS('http://www.w3.org/2000/svg', 'path');
    el.setAttribute('d', p.toString());
    el.setAttribute('fill', hi.line.color);
    el.setAttribute('fill-opacity', String(BAND_ALPHA));
    g.appendChild(el);
  }
  for (const { line, d } of dr.lines) {
    const p = d3.path();
    traceLine(p, d, dr.plot, cols, dr.yFast, f.model.scale ?? 1);
    const el = document.createElementNS('http://www.w3.org/2000/svg', 'path');
    el.setAttribute('d', p.toString());
    el.setAttribute('stroke', line.color);
    el.setAttribute('stroke-width', String(line.width ?? 1.25));
    if (line.dash?.length) el.setAttribute('stroke-dasharray', line.dash.join(' '));
    g.appendChild(el);
  }
  clone.insertBefore(g, clone.querySelector('g.hlines'));
  for (const t of clone.querySelectorAll('text')) t.setAttribute('fill', colors.fg);
  return new XMLSerializer().serializeToString(clone);
}
