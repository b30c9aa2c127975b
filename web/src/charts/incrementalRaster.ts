// Keeps a chart's rasterised lines between frames and redraws only what new data changed.
// While the time window, size, y range and line set stay the same, a growing run changes a
// line only from its last drawn pixel column on (decimation resumes there), so the strip of
// the plot from the leftmost such column to the right edge is cleared and every line is
// redrawn into it, clipped: the pixels come out as a full redraw would make them, at a cost
// per frame of the columns added rather than of the whole chart. Anything else (zoom, pan,
// resize, legend toggles, a new y range, a line turning dense) redraws in full.
import type { DecimatedLine, LineDef, Plot } from './chartModel';
import { isDense, rasterLine, rasterThickness, type RasterTarget } from './raster';

/** A rectangle of device pixels. */
export interface PixelRect {
  x: number;
  y: number;
  w: number;
  h: number;
}

/**
 * How far left of its first changed point (CSS px) a stroked (sparse) line can change: miter
 * joins (limit 10) of lines up to 2 px wide, plus anti-aliasing. A rasterised line reaches
 * no further than its thickness.
 */
export const STROKE_REACH = 12;

export interface RasterUpdate {
  /** Device pixels that changed (to put on the canvas, and to clip strokes to). */
  rect: PixelRect;
  full: boolean;
}

export class IncrementalRaster {
  private layoutKey = '';
  private pixels: ArrayBufferLike | null = null;
  private lines: LineDef[] = [];
  private dense: boolean[] = [];

  /** Forgets what was drawn: the next draw is a full one. */
  invalidate(): void {
    this.layoutKey = '';
  }

  /**
   * Draws the dense ones of `lines` into `t` and returns the rectangle that changed, or null
   * when nothing did. `yKey` names the y mapping (its domain): a new one redraws in full.
   * Must see every decimation made with the lines' cache, as `from` is relative to the last.
   */
  draw(
    t: RasterTarget,
    lines: readonly DecimatedLine[],
    plot: Plot,
    cols: number,
    y: (v: number) => number,
    yKey: string,
    scale: number,
  ): RasterUpdate | null {
    const key = `${t.width}x${t.height}@${t.dpr}|${plot.left},${plot.top},${plot.width},${plot.height}|${cols}|${yKey}|${scale}`;
    const dense = lines.map((l) => isDense(l.d, cols));
    const sameLines =
      lines.length === this.lines.length &&
      lines.every((l, i) => l.line === this.lines[i] && dense[i] === this.dense[i]);
    let from = Number.POSITIVE_INFINITY;
    for (const l of lines) if (l.from < from) from = l.from;
    const full =
      key !== this.layoutKey || t.buf.buffer !== this.pixels || !sameLines || from === Number.NEGATIVE_INFINITY;
    this.layoutKey = key;
    this.pixels = t.buf.buffer;
    this.lines = lines.map((l) => l.line);
    this.dense = dense;
    if (!full && from === Number.POSITIVE_INFINITY) return null;

    const { buf, width: W, height: H, dpr } = t;
    const colW = plot.width / cols;
    const px0 = Math.max(0, Math.floor(plot.left * dpr));
    const x1 = Math.min(W, Math.ceil((plot.left + plot.width) * dpr));
    const y0 = Math.max(0, Math.floor(plot.top * dpr));
    const y1 = Math.min(H, Math.ceil((plot.top + plot.height) * dpr));
    if (full) {
      buf.fill(0);
      lines.forEach((l, i) => {
        if (dense[i]) rasterLine(t, l.line, l.d, plot, cols, y, scale);
      });
      return { rect: { x: 0, y: 0, w: W, h: H }, full: true };
    }
    // The strip from the first changed column to the last one drawn (decimation only appends
    // on the right, so nothing was drawn beyond it before), widened by the reach of a change.
    let to = Number.NEGATIVE_INFINITY;
    for (const l of lines) if (l.d.n > 0 && l.d.px[l.d.n - 1]! > to) to = l.d.px[l.d.n - 1]!;
    let thick = 1;
    lines.forEach((l, i) => {
      if (dense[i]) thick = Math.max(thick, rasterThickness(l.line, dpr));
    });
    const reach = dense.every(Boolean) ? thick / dpr + 1 : STROKE_REACH;
    const x = Math.min(x1, Math.max(px0, Math.floor((plot.left + from * colW - reach) * dpr)));
    const xEnd = Math.max(x, Math.min(x1, Math.ceil((plot.left + (to + 1) * colW + reach) * dpr)));
    // Entries left of this cannot reach the strip (their spans end `reach` + a column before it).
    const start = { px: from - Math.ceil((reach + thick / dpr) / colW) - 2, x };
    for (let yy = y0; yy < y1; yy++) buf.fill(0, yy * W + x, yy * W + xEnd);
    lines.forEach((l, i) => {
      if (dense[i]) rasterLine(t, l.line, l.d, plot, cols, y, scale, start);
    });
    return { rect: { x, y: y0, w: xEnd - x, h: y1 - y0 }, full: false };
  }
}
