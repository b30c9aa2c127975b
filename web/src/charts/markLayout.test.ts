import { describe, expect, it } from 'vitest';
import { cutToFit, layoutMarkLabels, markLabelBoxes, placeRefLabel, type MarkLabel } from './markLayout';

const CW = 5;
/** Horizontal extent of a placed label. */
function extent(l: MarkLabel): [number, number] {
  const w = l.text.length * CW;
  return l.anchorEnd ? [l.x - w, l.x] : [l.x, l.x + w];
}
function overlaps(ls: MarkLabel[]): boolean {
  const shown = ls.filter((l) => l.row >= 0);
  for (let i = 0; i < shown.length; i++) {
    for (let j = i + 1; j < shown.length; j++) {
      if (shown[i]!.row !== shown[j]!.row) continue;
      const [a0, a1] = extent(shown[i]!);
      const [b0, b1] = extent(shown[j]!);
      if (a0 < b1 && b0 < a1) return true;
    }
  }
  return false;
}

describe('layoutMarkLabels', () => {
  it('keeps far-apart labels on the first row', () => {
    const ls = layoutMarkLabels([100, 400], ['loss 0% -> 1%', 'loss 1% -> 5%'], { right: 800, charWidth: CW });
    expect(ls.map((l) => l.row)).toEqual([0, 0]);
    expect(ls.map((l) => l.text)).toEqual(['loss 0% -> 1%', 'loss 1% -> 5%']);
  });
  it('stacks close labels in rows, then folds the rest with a count and lists all on hover', () => {
    const xs = [100, 102, 104, 106, 108, 110];
    const labels = xs.map((_x, i) => `exogenous loss ${i}% -> ${i + 1}%`);
    const ls = layoutMarkLabels(xs, labels, { right: 800, charWidth: CW, rows: 3 });
    expect(ls.slice(0, 3).map((l) => l.row)).toEqual([0, 1, 2]);
    expect(ls.slice(3).every((l) => l.row === -1)).toBe(true);
    expect(ls[2]!.text).toBe(`${labels[2]} (+3 more)`);
    expect(ls[2]!.title.split('\n')).toEqual(labels.slice(2));
    expect(overlaps(ls)).toBe(false);
  });
  it('never overlaps, for marks spread at random', () => {
    let seed = 7;
    const rnd = () => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed / 2 ** 31;
    };
    for (let k = 0; k < 50; k++) {
      const xs = Array.from({ length: 1 + Math.floor(rnd() * 30) }, () => 40 + rnd() * 700).sort((a, b) => a - b);
      const labels = xs.map((x) => `flow 3 weight ${x.toFixed(0)} -> ${(x / 3).toFixed(1)}`);
      const ls = layoutMarkLabels(xs, labels, { right: 740, charWidth: CW });
      expect(overlaps(ls)).toBe(false);
      // A label left of its mark ends at its line and crosses no earlier mark's line.
      ls.forEach((l, i) => {
        if (l.row < 0 || !l.anchorEnd) return;
        const [x0] = extent(l);
        expect(xs.filter((x, j) => j < i && x < xs[i]! - 3 && x > x0).length).toBe(0);
      });
      // Every mark's text is shown or named in the hover text of a shown label.
      const titles = ls.filter((l) => l.row >= 0).flatMap((l) => l.title.split('\n'));
      expect(titles.sort()).toEqual([...labels].sort());
    }
  });
  it("never draws a label across the mark before's line; cut from the front, it stays right of its own", () => {
    // A phone-width chart (plot 60..360 px): loss steps at 20 s (x 152) and 40 s (x 251).
    // "exogenous loss 1% -> 5%" does not fit right of 40 s; ended at its line, it ran back across
    // the 20 s line and read as that mark's label.
    const labels = ['exogenous loss 0% -> 1%', 'exogenous loss 1% -> 5%'];
    const ls = layoutMarkLabels([152, 251], labels, { left: 60, right: 360, charWidth: 5.6 });
    expect(ls.map((l) => [l.row, l.text, l.anchorEnd])).toEqual([
      [0, labels[0], false],
      [1, '…loss 1% -> 5%', false],
    ]);
    expect(ls[1]!.x).toBe(254);
    expect(ls[1]!.title).toBe(labels[1]);
    // Whole on the left of its line where that is clear of the line before.
    const wide = layoutMarkLabels([60, 251], labels, { left: 50, right: 360, charWidth: 5.6 });
    expect(wide[1]).toMatchObject({ row: 1, text: labels[1], anchorEnd: true, x: 248 });
    // With no room even for the change itself, it folds into the label before, named on hover.
    const tight = layoutMarkLabels([300, 340], labels, { right: 360, charWidth: 5.6 });
    expect(tight[1]!.row).toBe(-1);
    expect(tight[0]!.title.split('\n')).toEqual(labels);
  });
  it('cuts a label from the front at a word, keeping the change', () => {
    expect(cutToFit('flow 3 weight 1 -> 2', 30)).toBe('flow 3 weight 1 -> 2');
    expect(cutToFit('flow 3 weight 1 -> 2', 15)).toBe('…weight 1 -> 2');
    expect(cutToFit('flow 3 weight 1 -> 2', 6)).toBeNull();
  });
  it('puts a label that would leave the plot on the left of its mark', () => {
    const [l] = layoutMarkLabels([790], ['exogenous loss 1% -> 5%'], { right: 800, charWidth: CW });
    expect(l!.anchorEnd).toBe(true);
    expect(extent(l!)[1]).toBeLessThanOrEqual(790);
  });
});

describe('placeRefLabel', () => {
  const plot = { left: 50, right: 800, top: 10, bottom: 200 };
  it('keeps a reference label above its line at the right end when nothing is there', () => {
    expect(placeRefLabel(20, 'buffer 250', plot, [])).toEqual({ x: 796, y: 19, anchorEnd: true });
  });
  it('moves it below its line, then to the left end, to clear mark labels', () => {
    // A mark label in row 0 running to the right edge: "buffer 250" above the line would cover it.
    const marks = layoutMarkLabels([770], ['exogenous loss 0% -> 2%'], { right: 800, rows: 3 });
    const taken = markLabelBoxes(marks, plot.top);
    const below = placeRefLabel(20, 'buffer 250', plot, taken);
    expect(below).toEqual({ x: 796, y: 31, anchorEnd: true });
    // With rows 0 and 1 both used at the right (two changes at one time), the label goes to the left end.
    const two = layoutMarkLabels([770, 771], ['exogenous loss 0% -> 2%', 'weight 1 -> 2'], { right: 800, rows: 3 });
    expect(placeRefLabel(20, 'buffer 250', plot, markLabelBoxes(two, plot.top))).toEqual({
      x: 54,
      y: 19,
      anchorEnd: false,
    });
  });
});
