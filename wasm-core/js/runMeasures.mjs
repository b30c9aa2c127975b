// What one run of a sweep measured, from its summary (docs/scenario.md, "Summary"): the
// measured flow k against the others. Shared by the app's sweeps and scripts/sweep.mjs; plain
// JavaScript, types in runMeasures.d.mts.

const mean = (xs) => (xs.length ? xs.reduce((a, x) => a + x, 0) / xs.length : NaN);

/** Loss events ((fast retransmits + timeouts) / packets sent) of one flow's summary row. */
export function lossEventRate(f) {
  return f.sentPackets ? (f.fastRetransmits + f.timeouts) / f.sentPackets : NaN;
}

/**
 * Measures of flow k. `members` are the flows counted with k and left out of "the others"
 * (k alone, or all of k's MPAT aggregate). ratio = k's throughput / mean throughput of the
 * others; loss = k's packet loss rate; lossEvent* = loss-event rates; lossEventAll = all
 * flows' loss events / all packets sent (the p of the paper's Eqs. 5 and 9).
 */
export function runMeasures(summary, k = 0, members = [k]) {
  const fl = summary.flows;
  const fk = fl.find((f) => f.id === k);
  if (!fk) throw new Error(`measured flow ${k}: the run has flows 0 to ${fl.length - 1}`);
  const others = fl.filter((f) => !members.includes(f.id));
  const thrOthers = mean(others.map((f) => f.throughputBps));
  const sent = fl.reduce((a, f) => a + f.sentPackets, 0);
  const events = fl.reduce((a, f) => a + f.fastRetransmits + f.timeouts, 0);
  return {
    ratio: fk.throughputBps / thrOthers,
    thr: fk.throughputBps,
    thrOthers,
    timeouts: fk.timeouts,
    fastRetx: fk.fastRetransmits,
    loss: fk.sentPackets ? fk.congestionLosses / fk.sentPackets : NaN,
    lossEvent: lossEventRate(fk),
    lossEventOthers: mean(others.map(lossEventRate)),
    lossEventAll: sent ? events / sent : NaN,
    timeoutsOthers: mean(others.map((f) => f.timeouts)),
    weight: fk.weight,
    sumWeights: fl.reduce((a, f) => a + f.weight, 0),
    rtt: mean(fl.map((f) => f.rtt)),
    util: summary.utilization,
    jain: summary.jain,
    wjain: summary.weightedJain,
  };
}
