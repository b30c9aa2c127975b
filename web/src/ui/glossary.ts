// Short explanations of the terms a first-year student meets on the main screen, in one place:
// shown on hover or focus beside a chart title or panel (ui/Explain.tsx) and in the glossary list.
export const GLOSSARY = {
  cwnd: {
    term: 'Congestion window (cwnd)',
    text: 'How many packets a TCP sender may have in flight, unacknowledged. It grows while packets get through and shrinks after a loss; its rise and fall is the sawtooth.',
  },
  rtt: {
    term: 'Round-trip time (RTT)',
    text: 'The time from sending a packet to receiving its acknowledgement: the propagation delay there and back plus any waiting in queues.',
  },
  exoLoss: {
    term: 'Exogenous loss',
    text: 'Packets lost for reasons other than a full queue (radio errors, a faulty link), at random. TCP cannot tell them from congestion, so it slows down anyway.',
  },
  jain: {
    term: "Jain's fairness index",
    text: "A number from 1/n to 1 saying how evenly n flows share the link: 1 when all get the same throughput, 1/n when one flow gets everything. (Sum of x)^2 / (n x sum of x^2). The page shows two of them. The fairness chart is Jain's index per sample interval (each flow's throughput in each 0.1 s, say): flows that take turns score low there. The summary's number (compare table, printed summary, sweep) is Jain's index over the measured window: each flow's throughput over the whole window, from the scenario's 'measure from' time to now, so it is higher when flows take turns but come out even.",
  },
  aqm: {
    term: 'Active queue management (AQM)',
    text: 'A queue that drops (or marks) packets before it is full, so senders slow down early and the queue stays short: RED, FRED, PI, REM, XQM, TED, CoDel, PIE and FQ-CoDel here (and Step marking, which marks instead of dropping). DropTail, which drops only when full, is not AQM.',
  },
} as const;

export type GlossaryKey = keyof typeof GLOSSARY;

/** A time in seconds as the labels below show it: "0.1 s", "20 s". */
const secs = (t: number) => `${+t.toPrecision(6)} s`;

/** The title of Jain's index computed per sample interval (the charts' `jain` column). */
export function jainPerIntervalTitle(samplePeriod: number | undefined): string {
  return Number.isFinite(samplePeriod) && samplePeriod! > 0
    ? `Jain's index per ${secs(samplePeriod!)} interval`
    : "Jain's index per sample interval";
}

/** The name of Jain's index over the summary's measured window (summary.jain), from where it starts. */
export function jainWindowLabel(measureFrom: number | undefined, weighted = false, to?: number): string {
  const end = to !== undefined && Number.isFinite(to) ? ` to ${secs(+to.toFixed(2))}` : '';
  const from = Number.isFinite(measureFrom) ? ` (from ${secs(measureFrom!)}${end})` : '';
  return `${weighted ? "Weighted Jain's index" : "Jain's index"} over the measured window${from}`;
}
