// Colour-blind-safe flow colours: Okabe & Ito's eight, then Paul Tol's muted set. Beyond 16
// flows colours repeat; the dash pattern (see flowDash) then tells them apart.
const OKABE_ITO = ['#0072B2', '#E69F00', '#009E73', '#CC79A7', '#56B4E9', '#D55E00', '#F0E442', '#7f7f7f'];
const TOL_MUTED = ['#332288', '#88CCEE', '#44AA99', '#117733', '#999933', '#DDCC77', '#CC6677', '#882255'];
export const PALETTE = [...OKABE_ITO, ...TOL_MUTED];

export function flowColor(i: number): string {
  return PALETTE[((i % PALETTE.length) + PALETTE.length) % PALETTE.length]!;
}

/** A dash pattern for the n-th repetition of the palette (solid first). */
export function flowDash(i: number): number[] {
  const round = Math.floor(i / PALETTE.length) % 3;
  return round === 0 ? [] : round === 1 ? [6, 3] : [2, 2];
}
