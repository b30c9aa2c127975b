import { describe, expect, it } from 'vitest';
import { CHART_CHROME_H, CHART_CHROME_W, CHART_GAP, chartGrid, embedFit } from './fit';

const locked = { autoHeight: false, panels: ['controls', 'charts'], controls: 1, locked: 5, lesson: false };

describe('chartGrid', () => {
  it('puts four charts in a 2 x 2 grid in a landscape box, one column in a tall one', () => {
    // 568 x 552 (Medium beside the controls): one column gives plots 492 x (552 - 24) / 4 - 76 = 56;
    // two give (568 - 8) / 2 - 76 = 204 x (552 - 8) / 2 - 76 = 196: the better plot.
    expect(chartGrid(4, 568, 552)).toMatchObject({ cols: 2, rows: 2, plotWidth: 204, plotHeight: 196, fits: true });
    // 400 x 1200: one column, plots 324 x (1200 - 24) / 4 - 76 = 218; two would be 120 wide.
    expect(chartGrid(4, 400, 1200)).toMatchObject({ cols: 1, rows: 4, plotWidth: 324, plotHeight: 218 });
  });
  it('prefers a grid that keeps every plot readable to a roomier one that does not', () => {
    // 7 charts in 560 x 554 (Medium beside six controls): 2 columns x 4 rows give plots
    // (560 - 8) / 2 - 76 = 200 x (554 - 24) / 4 - 76 = 56 (too short, though the roomier by
    // min(w / 2, h)); 3 x 3 give (560 - 16) / 3 - 76 = 105 x (554 - 16) / 3 - 76 = 103: both fit.
    expect(chartGrid(7, 560, 554)).toMatchObject({ cols: 3, rows: 3, plotWidth: 105, plotHeight: 103, fits: true });
  });
  it('says when even the best grid leaves a plot too small', () => {
    // 300 x 300, four charts: 2 x 2 plots are (292 / 2 - 76) = 70 wide, 1 x 4 (276 / 4 - 76) < 0 tall.
    expect(chartGrid(4, 300, 300).fits).toBe(false);
    expect(chartGrid(1, 300, 300)).toMatchObject({ cols: 1, plotWidth: 300 - CHART_CHROME_W, fits: true });
    expect(CHART_GAP + CHART_CHROME_H).toBeGreaterThan(0);
  });
});

describe('embedFit', () => {
  it('fits four charts beside one allowed control at Small, Medium and Large', () => {
    for (const [width, height] of [
      [640, 480],
      [900, 640],
      [1200, 800],
    ] as const)
      expect(embedFit({ ...locked, width, height, charts: 4 }).problems).toEqual([]);
  });
  it('fits four charts in the narrow frame, refuses six and says how many fit', () => {
    // 400 x 600, stacked: room 392 x (600 - 32 title - 70 bar - 8 - (50 + 60 + 34) live panel - 8) = 338;
    // four charts, 2 x 2: plots (392 - 8) / 2 - 76 = 116 wide, (338 - 8) / 2 - 76 = 89 tall: fits.
    // Six: 2 x 3 plots (338 - 16) / 3 - 76 = 31 tall, 3 x 2 (392 - 16) / 3 - 76 = 49 wide; five the same.
    expect(embedFit({ ...locked, width: 400, height: 600, charts: 4 }).problems).toEqual([]);
    expect(embedFit({ ...locked, width: 400, height: 600, charts: 6 }).problems).toEqual([
      '6 charts do not fit in 400 x 600 beside the controls: at most 4 do. Choose fewer charts or a larger size.',
    ]);
  });
  it('refuses the flow table in a fixed frame; with auto height the frame grows for it', () => {
    const c = { ...locked, width: 900, height: 640, charts: 2, panels: ['controls', 'charts', 'flows'] };
    expect(embedFit(c).problems).toEqual([
      'The flow table does not fit in a fixed 900 x 640 frame: untick it, or choose Auto height.',
    ]);
    const auto = embedFit({ ...c, autoHeight: true });
    expect(auto.problems).toEqual([]);
    expect(auto.notes).toEqual(['The frame grows below 900 x 640 to hold the flow table.']);
  });
  it('refuses more unlocked controls than the side column holds', () => {
    // Small: room 480 - 32 - 70 - 8 = 370; 90 + 6 x 60 = 450 > 370.
    expect(embedFit({ ...locked, width: 640, height: 480, charts: 1, controls: 6, locked: 0 }).problems[0]).toMatch(
      /^The 6 live controls students may change do not fit beside the charts at 640 x 480/,
    );
  });
});
