// An embed at the size the instructor picked: the charts share the room the frame leaves them
// (a grid of columns and rows chosen for the room), and the builder says beforehand when what
// was chosen cannot fit (docs/teaching.md, "Sizes"). The pixel figures are the embed's own
// layout (styles.css, `.app.embed`), measured in Chromium at the builder's size presets.

/**
 * A chart's parts around its plot: title (at most two lines in an embed), one-line legend,
 * padding and border (measured: 58 px with a one-line title and no legend, 76 with two lines).
 */
export const CHART_CHROME_H = 76;
/** Left axis, right margin, padding and border around a chart's plotted area. */
export const CHART_CHROME_W = 76;
/** The smallest plotted area a chart keeps: below it ticks and lines run together. */
export const MIN_PLOT = { width: 100, height: 85 } as const;
/** The gap between charts in the grid. */
export const CHART_GAP = 8;

export interface ChartGrid {
  cols: number;
  rows: number;
  /** The plotted area each chart gets (px). */
  plotWidth: number;
  plotHeight: number;
  /** Every chart keeps at least MIN_PLOT. */
  fits: boolean;
}

/**
 * How n charts share a box of width x height: among the numbers of columns that keep every plot at
 * least MIN_PLOT (or, when none does, among all), the one that gives each plot the most room for a
 * time series (width counts half as much as height, as plots read best about twice as wide as
 * tall); fewer columns on a tie.
 */
export function chartGrid(n: number, width: number, height: number): ChartGrid {
  let best: ChartGrid | null = null;
  const score = (g: ChartGrid) => (g.fits ? 1e6 : 0) + Math.min(g.plotWidth / 2, g.plotHeight);
  for (let cols = 1; cols <= Math.max(1, n); cols++) {
    const rows = Math.max(1, Math.ceil(n / cols));
    const plotWidth = Math.floor((width - CHART_GAP * (cols - 1)) / cols - CHART_CHROME_W);
    const plotHeight = Math.floor((height - CHART_GAP * (rows - 1)) / rows - CHART_CHROME_H);
    const g = { cols, rows, plotWidth, plotHeight, fits: plotWidth >= MIN_PLOT.width && plotHeight >= MIN_PLOT.height };
    if (best === null || score(g) > score(best)) best = g;
  }
  return best!;
}

/** What the builder knows of an embed: its size, panels, charts and live controls. */
export interface FitInput {
  width: number;
  height: number;
  autoHeight: boolean;
  panels: readonly string[];
  /** Charts chosen that the run draws. */
  charts: number;
  /** Live controls students may change, and how many are locked (folded under one line). */
  controls: number;
  locked: number;
  lesson: boolean;
}

/** The embed's rows above the charts: the title (one line) and the controls bar (wraps when narrow). */
const TITLE_H = 32;
const controlsBarH = (width: number) => (width < 700 ? 70 : 46);
/**
 * The live panel: heading and (700 px wide and more) two lines of help, each control (label
 * above, slider, box and unit), the locked ones' line.
 */
const liveHeadH = (width: number) => (width < 700 ? 50 : 90);
const CONTROL_H = 60;
const LOCKED_H = 34;
const TOPOLOGY_H = 240;
/** The side column beside the charts (styles.css: 36 %, at least 250 px). */
export const sideWidth = (width: number) => Math.max(250, Math.round(width * 0.36));
/** The side goes above the charts in a frame under 500 px wide (styles.css, the same test). */
export const stacked = (width: number) => width < 500;

/**
 * Whether the chosen charts and controls fit the frame without scrolling, and if not, why, in the
 * builder's words. With auto height the frame keeps the chosen height when it fits and grows for
 * what cannot (the flow table, the scenario editor), so those are notes, not refusals.
 */
export function embedFit(c: FitInput): { problems: string[]; notes: string[]; grid: ChartGrid | null } {
  const problems: string[] = [];
  const notes: string[] = [];
  const size = `${c.width} x ${c.height}`;
  const has = (p: string) => c.panels.includes(p);
  const below: string[] = [];
  if (has('flows')) below.push('the flow table');
  if (has('scenario')) below.push('the scenario editor');
  if (below.length) {
    const what = below.join(' and ');
    if (c.autoHeight) notes.push(`The frame grows below ${size} to hold ${what}.`);
    else problems.push(`${cap(what)} does not fit in a fixed ${size} frame: untick it, or choose Auto height.`);
  }
  const controls = has('controls') ? c.controls : 0;
  const sideH =
    (has('controls') ? liveHeadH(c.width) + controls * CONTROL_H + (c.locked > 0 ? LOCKED_H : 0) : 0) +
    (has('topology') ? TOPOLOGY_H : 0);
  const side = has('controls') || has('topology') || c.lesson;
  let roomW = c.width - 8;
  let roomH = c.height - TITLE_H - (has('controls') ? controlsBarH(c.width) : 0) - 8;
  if (side && stacked(c.width)) roomH -= sideH + CHART_GAP;
  else if (side) {
    roomW -= sideWidth(c.width) + CHART_GAP;
    if (sideH > roomH && controls > 0)
      problems.push(
        `The ${controls} live control${controls === 1 ? '' : 's'} students may change do${controls === 1 ? 'es' : ''} not fit beside the charts at ${size}: lock some, or choose a larger size.`,
      );
  }
  if (!has('charts') || c.charts === 0) return { problems, notes, grid: null };
  const grid = chartGrid(c.charts, roomW, roomH);
  if (!grid.fits) {
    let most = 0;
    for (let n = c.charts - 1; n >= 1 && most === 0; n--) if (chartGrid(n, roomW, roomH).fits) most = n;
    problems.push(
      most > 0
        ? `${c.charts} charts do not fit in ${size}${side ? ' beside the controls' : ''}: at most ${most} do. Choose fewer charts or a larger size.`
        : `No chart fits in ${size}${side ? ' beside the controls' : ''}: choose a larger size${side ? ', or Charts only' : ''}.`,
    );
  }
  return { problems, notes, grid };
}

const cap = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);
