// Types of weightedFormulas.mjs (plain JS so that Node scripts import it without a build).
export type WeightChoice = 'equal' | 'inc' | 'dec';
export interface WeightFns {
  inc: number;
  dec: number;
}

export function weightFns(choice: WeightChoice | string, w: number): WeightFns;
export function eq3(p: number, rtt: number, fns: WeightFns, alpha?: number, beta?: number): number;
export function eq8(p: number, rtt: number, t0: number, fns: WeightFns): number;
export function eq5(sumW: number, ctilde: number, alpha?: number, beta?: number): number;
export function eq9(sumW: number, ctilde: number, zeta: number, beta?: number): number;
export function lasdLoss(sumW: number, ctilde: number, zeta: number, beta?: number): number;
export function eq10(p: number, rtt: number, zeta: number, fns: WeightFns, beta?: number): number;
export function predictedRatios(
  w: number,
  p: number,
  rtt: number,
  t0: number,
  choice?: WeightChoice | string,
): { eq3: number; eq8: number };
export function defaultT0(rtt: number): number;
