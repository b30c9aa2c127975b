// Dense series are rasterised by hand: each decimated pixel column becomes one vertical span
// of pixels written into an ImageData, then put on the canvas once. Software canvas paths of
// hundreds of zig-zag lines take seconds to fill; this takes a few milliseconds and is exact
// for min/max decimation (a column shows the full range of its samples).
import type { Decimated } from '../store/decimate';
import type { LineDef, Plot } from './chartModel';

/** '#RRGGBB' -> 0xAABBGGRR (ImageData is RGBA bytes, read little-endian). */
export function packColor(hex: string): number {
  const m = /^#?([0-9a-f]{6})$/i.exec(hex);
  const v = m ? parseInt(m[1]!, 16) : 0x777777;
  return ((0xff << 24) | ((v & 0xff) << 16) | (v & 0xff00) | ((v >> 16) & 0xff)) >>> 0;
}

/** True when a line has enough points that drawing spans beats stroking a path. */
export function isDense(d: Decimated, cols: number): boolean {
  return d.n >= cols / 4;
}

export interface RasterTarget {
  buf: Uint32Array;
  width: number;
  height: number;
  dpr: number;
}

/** Line thickness in device pixels of a rasterised line. */
export function rasterThickness(line: LineDef, dpr: number): number {
  return Math.max(1, Math.round((line.width ?? 1.25) * dpr));
}

/**
 * Part of a line to redraw: entries from decimated column `px` on, writing device pixel
 * columns from `x` on only. Whoever clears that strip and redraws every line into it this way
 * gets the pixels a full redraw would give there, provided `px` starts early enough for the
 * spans of earlier entries to end left of `x` (see incrementalRaster.ts).
 */
export interface RasterFrom {
  px: number;
  x: number;
}

/** Draws one decimated line as per-column spans. `y` maps a (scaled) value to CSS pixels. */
export function rasterLine(
  t: RasterTarget,
  line: LineDef,
  d: Decimated,
  plot: Plot,
  cols: number,
  y: (v: number) => number,
  scale: number,
  from?: RasterFrom,
): void {
  const { buf, width: W, dpr } = t;
  const color = packColor(line.color);
  const thick = rasterThickness(line, dpr);
  const half = thick / 2;
  const x0 = Math.max(0, Math.floor(plot.left * dpr), from ? from.x : 0);
  const x1 = Math.min(W, Math.ceil((plot.left + plot.width) * dpr));
  const y0 = Math.max(0, Math.floor(plot.top * dpr));
  const y1 = Math.min(t.height, Math.ceil((plot.top + plot.height) * dpr));
  const dash = line.dash && line.dash.length >= 2 ? line.dash : null;
  const period = dash ? dash[0]! + dash[1]! : 0;
  const colW = plot.width / cols;
  let start = 0;
  if (from) {
    start = d.n;
    while (start > 0 && d.px[start - 1]! >= from.px) start--;
  }
  let prevY = start > 0 ? y(d.last[start - 1]! * scale) : Number.NaN;
  let prevPx = start > 0 ? d.px[start - 1]! : Number.NaN;
  const span = (xc: number, top: number, bot: number) => {
    const left = Math.floor(xc * dpr - half);
    const xa = Math.max(x0, left);
    const xb = Math.min(x1, left + thick); // clipped, not shifted, at x0
    const ya = Math.max(y0, Math.floor(top * dpr - half));
    const yb = Math.min(y1, Math.ceil(bot * dpr + half));
    for (let yy = ya; yy < yb; yy++) {
      const row = yy * W;
      for (let xx = xa; xx < xb; xx++) buf[row + xx] = color;
    }
  };
  for (let k = start; k < d.n; k++) {
    const px = d.px[k]!;
    const yMax = y(d.max[k]! * scale);
    const yMin = y(d.min[k]! * scale);
    const yFirst = y(d.first[k]! * scale);
    const on = !dash || ((px % period) + period) % period < dash[0]!;
    if (on) {
      let top = Math.min(yMax, yMin);
      let bot = Math.max(yMax, yMin);
      if (prevY === prevY) {
        const gap = px - prevPx;
        if (gap > 1) {
          // Interpolate across columns without samples.
          for (let j = 1; j < gap; j++) {
            const ya = prevY + ((yFirst - prevY) * (j - 1)) / gap;
            const yb = prevY + ((yFirst - prevY) * j) / gap;
            span(plot.left + (prevPx + j + 0.5) * colW, Math.min(ya, yb), Math.max(ya, yb));
          }
          const yl = prevY + ((yFirst - prevY) * (gap - 1)) / gap;
          top = Math.min(top, yl);
          bot = Math.max(bot, yl);
        } else {
          top = Math.min(top, prevY);
          bot = Math.max(bot, prevY);
        }
      }
      span(plot.left + (px + 0.5) * colW, top, bot);
    }
    prevY = y(d.last[k]! * scale);
    prevPx = px;
  }
}
