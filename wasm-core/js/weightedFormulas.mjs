// Closed forms of Nandagopal, Lee, Li, Bharghavan, "Scalable service differentiation using
// purely end-to-end mechanisms" (weighted AIMD, TCP-SD / TCP-LASD), for overlays beside
// simulated numbers. p is the loss-event probability (per packet), rtt in seconds, rates in
// packets per second, Ctilde = RTT x capacity in packets.
// The one copy: the app's sweep plots import it (types in weightedFormulas.d.mts) and so does
// the CLI sweep runner (scripts/sweep.mjs), so it stays plain JavaScript that Node runs as is.

/** (f_inc, f_dec) of the paper's three choices, as in wasm-core/src/cc/tcp_sd.cpp. */
export function weightFns(choice, w) {
  if (choice === 'inc') return { inc: w * w, dec: 1 };
  if (choice === 'dec') return { inc: 1, dec: w * w };
  const f = (0.5 + Math.sqrt(0.25 + 12 * w * w)) / 4; // f (2f - 1/2) = 3/2 w^2
  return { inc: f, dec: f };
}

/** Eq. 3: throughput of pure weighted AIMD. */
export function eq3(p, rtt, { inc, dec }, alpha = 1, beta = 0.5) {
  return Math.sqrt((1 / (2 * p)) * (alpha / beta) * inc * (2 * dec - beta)) / rtt;
}

/** Eq. 8: weighted AIMD with timeouts (alpha = 1, beta = 1/2), T0 the initial RTO. */
export function eq8(p, rtt, t0, { inc, dec }) {
  const q = Math.min(1, 3 * Math.sqrt((p * (4 * dec - 1)) / (inc * dec * dec)));
  return 1 / (rtt * Math.sqrt((2 * p) / (inc * (4 * dec - 1))) + t0 * q * p * (1 + 32 * p * p));
}

/** Eq. 5: loss-event probability of weighted AIMD flows with weights summing to sumW. */
export function eq5(sumW, ctilde, alpha = 1, beta = 0.5) {
  return (sumW / ctilde) ** 2 * (alpha / (2 * beta)) * (2 - beta);
}

/**
 * Eq. 9 with a = 1, b = 0 (increase zeta/p, decrease beta): p = (sumW / Ctilde) sqrt(zeta (2 -
 * beta) / (2 beta)). With alpha = min(1, zeta/p) the system rides the lower of Eqs. 5 and 9
 * (the paper's Fig. 7), which lasdLoss returns.
 */
export function eq9(sumW, ctilde, zeta, beta = 0.5) {
  return (sumW / ctilde) * Math.sqrt((zeta * (2 - beta)) / (2 * beta));
}
export function lasdLoss(sumW, ctilde, zeta, beta = 0.5) {
  return Math.min(eq5(sumW, ctilde, 1, beta), eq9(sumW, ctilde, zeta, beta));
}

/** Eq. 10: throughput of loss-adaptive AIMD (valid where p > zeta). */
export function eq10(p, rtt, zeta, { inc, dec }, beta = 0.5) {
  return (1 / (rtt * p)) * Math.sqrt(0.5 * (zeta / beta) * inc * (2 * dec - beta));
}

/** Throughput ratio of a weight-w flow to a weight-1 flow at the same p, by Eq. 3 and Eq. 8. */
export function predictedRatios(w, p, rtt, t0, choice = 'equal') {
  const fw = weightFns(choice, w);
  const f1 = weightFns(choice, 1);
  return { eq3: eq3(p, rtt, fw) / eq3(p, rtt, f1), eq8: eq8(p, rtt, t0, fw) / eq8(p, rtt, t0, f1) };
}

/** The T0 of Eq. 8 used beside our runs: 4 RTT, at least 1 s (docs/validation-weighted.md). */
export function defaultT0(rtt) {
  return Math.max(1, 4 * rtt);
}
