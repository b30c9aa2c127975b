// Drawing of a sweep plot in SVG (a sweep has tens to hundreds of points, so no canvas):
// axes (log where the data span decades or the sweep is logarithmic), one colour per series
// with a dot per finished run and a line through the per-value means, and the closed-form
// overlays dashed (in the series' colour when they belong to one).
import * as d3 from 'd3';
import { fmtTick } from '../charts/renderTimeChart';
import { flowColor } from '../charts/palette';
import type { AggPoint, PlotPoint } from './aggregate';
import type { OverlayKind, OverlayLine } from './overlays';

export interface SweepPlotData {
  points: readonly PlotPoint[];
  means: ReadonlyMap<string, AggPoint[]>;
  overlays: readonly OverlayLine[];
  /** Series names in order (colour i for series i). */
  series: readonly string[];
  xLabel: string;
  yLabel: string;
  /** Force a log x axis (a log-spaced sweep); otherwise log when the data span 20x or more. */
  logX: boolean;
  width: number;
  height: number;
}

const MARGIN = { left: 58, right: 12, top: 10, bottom: 40 };
export const DASH: Record<OverlayKind, string> = { ideal: '2 3', eq3: '7 4', eq8: '3 2', eq5: '7 4', eq9: '3 2' };

export function seriesColor(series: readonly string[], s: string | null): string {
  return s === null ? 'var(--muted)' : flowColor(Math.max(0, series.indexOf(s)));
}

/** [lo, hi] of positive-or-not values, padded; whether a log scale suits them. */
function domain(vals: number[], forceLog: boolean): { lo: number; hi: number; log: boolean } {
  const fin = vals.filter(Number.isFinite);
  if (!fin.length) return { lo: 0, hi: 1, log: false };
  let lo = Math.min(...fin);
  let hi = Math.max(...fin);
  const log = lo > 0 && (forceLog || hi / lo >= 20);
  if (log) return { lo: lo / 1.25, hi: hi * 1.25, log };
  if (lo === hi) {
    lo -= Math.abs(lo) * 0.1 || 1;
    hi += Math.abs(hi) * 0.1 || 1;
  }
  const pad = (hi - lo) * 0.06;
  return { lo: lo >= 0 && lo - pad < 0 ? 0 : lo - pad, hi: hi + pad, log };
}

type Scale = d3.ScaleContinuousNumeric<number, number>;

function scale(d: { lo: number; hi: number; log: boolean }, range: [number, number]): Scale {
  return (d.log ? d3.scaleLog() : d3.scaleLinear()).domain([d.lo, d.hi]).range(range);
}

/** The x range of the data, as the overlays need it before drawing. */
export function xExtent(points: readonly PlotPoint[]): [number, number] {
  const xs = points.map((p) => p.x).filter(Number.isFinite);
  return xs.length ? [Math.min(...xs), Math.max(...xs)] : [0, 1];
}

export function drawSweepPlot(svgEl: SVGSVGElement, d: SweepPlotData): void {
  const { width, height } = d;
  const svg = d3.select(svgEl).attr('width', width).attr('height', height).attr('viewBox', `0 0 ${width} ${height}`);
  svg.selectAll('*').remove();
  const ov = d.overlays.flatMap((l) => l.pts);
  const xd = domain([...d.points.map((p) => p.x)], d.logX);
  const inX = (x: number) => x >= xd.lo && x <= xd.hi;
  const yd = domain([...d.points.map((p) => p.y), ...ov.filter(([x]) => inX(x)).map(([, y]) => y)], false);
  const x = scale(xd, [MARGIN.left, width - MARGIN.right]);
  const y = scale(yd, [height - MARGIN.bottom, MARGIN.top]);
  const ticks = (s: Scale, n: number, log: boolean) => {
    const t = s.ticks(n);
    if (t.length <= 12) return t;
    if (!log) return t.filter((_, i) => i % 2 === 0);
    // A log axis over decades: 1, 2, 5 of each decade, or only the powers of ten when that is too many.
    const lead = (v: number) => Number(v.toExponential().charAt(0));
    const keep = t.filter((v) => [1, 2, 5].includes(lead(v)));
    return keep.length > 12 ? t.filter((v) => lead(v) === 1) : keep;
  };

  const grid = svg.append('g').attr('class', 'grid');
  grid
    .selectAll('line.gy')
    .data(ticks(y, 5, yd.log))
    .join('line')
    .attr('class', 'gy')
    .attr('x1', MARGIN.left)
    .attr('x2', width - MARGIN.right)
    .attr('y1', (v) => y(v))
    .attr('y2', (v) => y(v));
  svg
    .append('g')
    .attr('class', 'axis x')
    .attr('transform', `translate(0,${height - MARGIN.bottom})`)
    .call(
      d3
        .axisBottom(x)
        .tickValues(ticks(x, 6, xd.log))
        .tickFormat(fmtTick),
    );
  svg
    .append('g')
    .attr('class', 'axis y')
    .attr('transform', `translate(${MARGIN.left},0)`)
    .call(
      d3
        .axisLeft(y)
        .tickValues(ticks(y, 5, yd.log))
        .tickFormat(fmtTick),
    );
  svg
    .append('text')
    .attr('class', 'axis-label')
    .attr('x', (MARGIN.left + width - MARGIN.right) / 2)
    .attr('y', height - 6)
    .attr('text-anchor', 'middle')
    .text(`${d.xLabel}${xd.log ? ' (log)' : ''}`);
  svg
    .append('text')
    .attr('class', 'axis-label')
    .attr('transform', `translate(12,${(MARGIN.top + height - MARGIN.bottom) / 2}) rotate(-90)`)
    .attr('text-anchor', 'middle')
    .text(`${d.yLabel}${yd.log ? ' (log)' : ''}`);

  const body = svg.append('g').attr('class', 'plot-body');
  body
    .append('clipPath')
    .attr('id', 'sweep-clip')
    .append('rect')
    .attr('x', MARGIN.left)
    .attr('y', MARGIN.top)
    .attr('width', width - MARGIN.left - MARGIN.right)
    .attr('height', height - MARGIN.top - MARGIN.bottom);
  const clipped = body.append('g').attr('clip-path', 'url(#sweep-clip)');
  const ok = ([a, b]: [number, number]) =>
    Number.isFinite(a) && Number.isFinite(b) && (!xd.log || a > 0) && (!yd.log || b > 0);
  const line = d3
    .line<[number, number]>()
    .defined(ok)
    .x(([a]) => x(a))
    .y(([, b]) => y(b));

  clipped
    .selectAll('path.overlay')
    .data(d.overlays)
    .join('path')
    .attr('class', (l) => `overlay overlay-${l.kind}`)
    .attr('fill', 'none')
    .attr('stroke', (l) => seriesColor(d.series, l.series))
    .attr('stroke-width', 1.3)
    .attr('stroke-dasharray', (l) => DASH[l.kind])
    .attr('d', (l) => line(l.pts))
    .append('title')
    .text((l) => l.label);
  const tagged = d.overlays.filter((l) => l.tag && l.pts.length && ok(l.pts[l.pts.length - 1]!));
  clipped
    .selectAll('text.overlay-tag')
    .data(tagged)
    .join('text')
    .attr('class', 'overlay-tag axis-label')
    .attr('x', (l) => x(l.pts[l.pts.length - 1]![0]) - 4)
    .attr('y', (l) => y(l.pts[l.pts.length - 1]![1]) - 4)
    .attr('text-anchor', 'end')
    .text((l) => l.tag!);

  const means = [...d.means];
  clipped
    .selectAll('path.series-mean')
    .data(means)
    .join('path')
    .attr('class', 'series-mean')
    .attr('fill', 'none')
    .attr('stroke-width', 2)
    .attr('stroke', ([s]) => seriesColor(d.series, s))
    .attr('d', ([, pts]) => line(pts.map((p) => [p.x, p.y])));
  clipped
    .selectAll('circle.sweep-point')
    .data(d.points.filter((p) => ok([p.x, p.y])))
    .join('circle')
    .attr('class', 'sweep-point')
    .attr('r', 3.5)
    .attr('cx', (p) => x(p.x))
    .attr('cy', (p) => y(p.y))
    .attr('fill', (p) => seriesColor(d.series, p.series))
    .attr('fill-opacity', 0.75)
    .attr('data-series', (p) => p.series)
    .attr('data-x', (p) => p.key)
    .attr('data-y', (p) => p.y)
    .append('title')
    .text((p) => `${p.series ? `${p.series}, ` : ''}${p.key}: ${fmtTick(p.y)}`);
}
