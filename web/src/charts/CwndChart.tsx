// Congestion window per flow. The y axis leaves out the slow-start spike by default (it would
// flatten the sawtooth that follows into a band at the bottom); "Full range" shows it.
import { useMemo, useRef, useState } from 'react';
import { TimeChart } from './TimeChart';
import { type ChartProps, metricLines } from './chartContext';
import { BandToggle } from './BandToggle';
import type { ChartModel } from './chartModel';

/** Slow start ends with the first loss; the window needs about this long more to come down. */
const AFTER_FIRST_DROP_S = 2;

export function CwndChart({ sim, snap, hidden, onToggleFlow, band = false, onBand }: ChartProps) {
  const [full, setFull] = useState(false);
  // The first drop of the run, remembered: the drop log keeps only the latest drops.
  const firstDrop = useRef<{ runId: number; t: number | null }>({ runId: -1, t: null });
  const model = useMemo<ChartModel>(
    () => ({
      id: 'cwnd',
      title: 'Congestion window',
      term: 'cwnd',
      yLabel: 'packets',
      lines: metricLines(sim, snap.flowCount, 'cwnd', band),
      transientEnd: full
        ? undefined
        : () => {
            const fd = firstDrop.current;
            if (fd.runId !== snap.runId) {
              fd.runId = snap.runId;
              fd.t = null;
            }
            const d = sim.store.drops.t;
            if (fd.t === null && d.length > 0) fd.t = d.get(0);
            return fd.t === null ? null : fd.t + AFTER_FIRST_DROP_S;
          },
    }),
    [snap.flowCount, snap.runId, full, sim, band],
  );
  const tools = (
    <>
      <BandToggle snap={snap} band={band} onBand={onBand} />
      <button
        type="button"
        aria-pressed={full}
        onClick={() => setFull((f) => !f)}
        title="The y axis leaves out the slow-start spike at the start; press to include it"
      >
        Full range
      </button>
    </>
  );
  return <TimeChart model={model} store={sim.store} hidden={hidden} onToggleFlow={onToggleFlow} tools={tools} />;
}
