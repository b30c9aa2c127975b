// Where the labels of change marks go, so that they never overlap: each label takes the first
// of a few rows where it fits beside the labels already placed; a mark that fits nowhere adds
// itself to the label placed before it ("... (+2 more)"), whose hover text lists them all.
// A label starts just right of its mark's line. One too long for the room left to the plot's
// edge ends just left of its line instead, but only clear of the mark before: drawn across that
// mark's line it would read as that mark's label. Where neither fits whole, the label is cut
// from the front ("…loss 1% -> 5%", the whole text on hover), on the right first.

export interface MarkLabel {
  /** Row (0 at the top), or -1: the mark's text is folded into an earlier label. */
  row: number;
  /** Text shown (the mark's own label, with "(+N more)" when later marks were folded into it). */
  text: string;
  /** Every label this text stands for, one per line (the hover text). */
  title: string;
  /** Where the text starts, and whether it runs to the left of the mark (near the right edge). */
  x: number;
  anchorEnd: boolean;
}

export interface MarkLayoutOptions {
  rows?: number;
  /** Width of one character, in px (10 px labels: about 5.6). */
  charWidth?: number;
  /** Right edge of the plot: a label that would run past it is placed left of its mark. */
  right: number;
  /** Left edge of the plot: no label runs past it. */
  left?: number;
  /** Space between a mark's line and its text, and between two labels of a row. */
  gap?: number;
}

/**
 * The text cut from the front at a word to at most `chars` characters ("…loss 1% -> 5%"): the
 * change itself ("1% -> 5%") is what a label is for. Null when even the change does not fit.
 */
export function cutToFit(text: string, chars: number): string | null {
  if (text.length <= chars) return text;
  const words = text.split(' ');
  // Keep at least the last three words ("1% -> 5%").
  for (let k = 1; k <= words.length - 3; k++) {
    const cut = `…${words.slice(k).join(' ')}`;
    if (cut.length <= chars) return cut;
  }
  return null;
}

/** Lays out labels for marks at pixel positions `xs` (ascending) with texts `labels`. */
export function layoutMarkLabels(xs: readonly number[], labels: readonly string[], o: MarkLayoutOptions): MarkLabel[] {
  const rows = o.rows ?? 3;
  const cw = o.charWidth ?? 5.6;
  const gap = o.gap ?? 3;
  const rowEnd: number[] = new Array<number>(rows).fill(Number.NEGATIVE_INFINITY);
  const out: MarkLabel[] = [];
  const folded = new Map<number, string[]>(); // placed index -> labels it stands for
  const room = new Map<number, { lo: number; hi: number }>(); // where a placed label may grow
  const placedText = new Map<number, string>(); // a placed label's own text, cut to fit if it had to be
  let lastPlaced = -1;
  const width = (text: string) => text.length * cw;
  const left = o.left ?? Number.NEGATIVE_INFINITY;
  // Index of the last mark left of the current one's line by more than `gap`: xs ascend, so it
  // only moves forward (a link replays up to 1,000 changes, often at one pixel: no rescan).
  let beforeIdx = -1;
  for (let i = 0; i < xs.length; i++) {
    const x = xs[i]!;
    const full = labels[i]!;
    // The line of the mark before (one at about the same place is the same line).
    while (beforeIdx + 1 < i && xs[beforeIdx + 1]! < x - gap) beforeIdx++;
    const before = beforeIdx >= 0 ? xs[beforeIdx]! : Number.NEGATIVE_INFINITY;
    // Right of the line, whole; left of it, whole, clear of the line before; then the same cut
    // from the front to fit: the first of these with a free row.
    const rightRoom = (o.right - x - gap) / cw;
    const leftRoom = (x - gap - Math.max(left, before + gap)) / cw;
    const tries: { text: string | null; anchorEnd: boolean }[] = [
      { text: full.length <= rightRoom ? full : null, anchorEnd: false },
      { text: full.length <= leftRoom ? full : null, anchorEnd: true },
      { text: cutToFit(full, rightRoom), anchorEnd: false },
      { text: cutToFit(full, leftRoom), anchorEnd: true },
    ];
    let s = { start: x, end: x, anchorEnd: false, text: full };
    let row = -1;
    for (const c of tries) {
      if (c.text === null) continue;
      const w = width(c.text);
      s = c.anchorEnd
        ? { start: x - gap - w, end: x - gap, anchorEnd: true, text: c.text }
        : { start: x + gap, end: x + gap + w, anchorEnd: false, text: c.text };
      row = rowEnd.findIndex((end) => end + gap <= s.start);
      if (row >= 0) break;
    }
    const text = s.text;
    if (row >= 0) {
      // A label on the right of its mark may grow up to the plot's edge; one on its left, back to
      // the label before it in its row, the line of the mark before or the plot's edge.
      const lo = Math.max(rowEnd[row]! + gap, before + gap, left);
      room.set(i, s.anchorEnd ? { lo, hi: s.end } : { lo: s.start, hi: o.right });
      rowEnd[row] = s.end;
      out.push({ row, text, title: labels[i]!, x: s.anchorEnd ? s.end : s.start, anchorEnd: s.anchorEnd });
      folded.set(i, [labels[i]!]);
      placedText.set(i, text);
      lastPlaced = i;
      continue;
    }
    out.push({ row: -1, text: '', title: labels[i]!, x, anchorEnd: false });
    if (lastPlaced < 0) continue;
    // Fold into the label placed last: nothing was placed after it, so growing it within its room
    // overlaps nothing. Its own text is shortened (with an ellipsis) when the count needs room.
    const host = out[lastPlaced]!;
    const list = folded.get(lastPlaced)!;
    list.push(labels[i]!);
    const { lo, hi } = room.get(lastPlaced)!;
    const fit = Math.max(0, Math.floor((hi - lo) / cw));
    const suffix = ` (+${list.length - 1} more)`;
    const own = placedText.get(lastPlaced)!;
    host.text =
      own.length + suffix.length <= fit
        ? own + suffix
        : fit > suffix.length + 1
          ? `${own.slice(0, fit - suffix.length - 1)}…${suffix}`
          : `+${list.length - 1}`.slice(0, Math.max(1, fit));
    if (host.anchorEnd) host.x = hi;
    else rowEnd[host.row] = Math.max(rowEnd[host.row]!, host.x + width(host.text));
  }
  // Hover texts of the labels that stand for folded ones, joined once at the end.
  for (const [i, list] of folded) if (list.length > 1) out[i]!.title = list.join('\n');
  return out;
}

/** A text's box in px (y down). */
export interface Box {
  x0: number;
  x1: number;
  y0: number;
  y1: number;
}

/** Baseline of mark-label row `row` under a plot's top edge. */
export const markRowY = (top: number, row: number): number => top + 10 + Math.max(0, row) * 11;

/** Boxes of the placed mark labels (folded ones take no room). */
export function markLabelBoxes(labels: readonly MarkLabel[], top: number, charWidth = 5.6): Box[] {
  const out: Box[] = [];
  for (const l of labels) {
    if (l.row < 0) continue;
    const w = l.text.length * charWidth;
    const y = markRowY(top, l.row);
    out.push({ x0: l.anchorEnd ? l.x - w : l.x, x1: l.anchorEnd ? l.x : l.x + w, y0: y - 9, y1: y + 2 });
  }
  return out;
}

const overlaps = (a: Box, b: Box) => a.x0 < b.x1 && b.x0 < a.x1 && a.y0 < b.y1 && b.y0 < a.y1;

/**
 * Where a reference line's label goes ("buffer 250" at y = `lineY`): above the line at the plot's
 * right end, else below it, else the same at the left end, the first that clears the mark labels
 * (`taken`); above at the right when none does.
 */
export function placeRefLabel(
  lineY: number,
  text: string,
  plot: { left: number; right: number; top: number; bottom: number },
  taken: readonly Box[],
  charWidth = 5.6,
): { x: number; y: number; anchorEnd: boolean } {
  const w = text.length * charWidth;
  const above = Math.max(plot.top + 9, lineY - 3);
  const below = Math.min(plot.bottom - 2, lineY + 11);
  const tries = [
    { x: plot.right - 4, y: above, anchorEnd: true },
    { x: plot.right - 4, y: below, anchorEnd: true },
    { x: plot.left + 4, y: above, anchorEnd: false },
    { x: plot.left + 4, y: below, anchorEnd: false },
  ];
  for (const t of tries) {
    const box = { x0: t.anchorEnd ? t.x - w : t.x, x1: t.anchorEnd ? t.x : t.x + w, y0: t.y - 9, y1: t.y + 2 };
    if (!taken.some((b) => overlaps(b, box))) return t;
  }
  return tries[0]!;
}
