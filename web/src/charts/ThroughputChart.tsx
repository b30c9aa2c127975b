// Throughput per flow (Mb/s) with the fair share line (capacity / flows; per weight when
// weights differ, the line is for weight 1), where all flows share one bottleneck (the manifest),
// and, for a link that follows a delivery trace, the trace's capacity in each interval.
import { useMemo } from 'react';
import { TimeChart } from './TimeChart';
import {
  type ChartProps,
  bottleneckRate,
  changedAt,
  metricLines,
  sharesOneBottleneck,
  traceCapacityLines,
  weights,
} from './chartContext';
import { BandToggle } from './BandToggle';
import type { ChartModel, HLine } from './chartModel';

export function ThroughputChart({ sim, snap, hidden, onToggleFlow, band = false, onBand }: ChartProps) {
  const lines = useMemo(
    () => [...metricLines(sim, snap.flowCount, 'thr', band), ...traceCapacityLines(snap.manifest)],
    [sim, snap.flowCount, band, snap.manifest],
  );
  // Re-read when a live change (link rate, weights) was applied.
  const fair = useMemo<HLine[]>(() => {
    // Capacity / flows is a share only where every flow crosses the one bottleneck.
    if (!sharesOneBottleneck(snap.manifest)) return [];
    const rate = bottleneckRate(sim, snap);
    if (!Number.isFinite(rate) || snap.flowCount === 0) return [];
    const w = weights(sim, snap.flowCount);
    const total = w.reduce((a, b) => a + b, 0);
    const share = (rate * 1e-6) / total;
    return [
      {
        value: share,
        label: `fair share ${share.toPrecision(3)} Mb/s${w.some((x) => x !== 1) ? ' per unit weight' : ''}`,
        color: '#009E73',
        // The share changes with the bottleneck's rate and the weights: from the latest such change.
        from: changedAt(
          sim.store.marks,
          (e) => e === `link.${snap.manifest!.bottleneck}` || e === 'flows' || e.startsWith('flow.'),
          ['rate', 'weight'],
        ),
      },
    ];
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the weights come from sim; snap.paramVersion says when they changed
  }, [sim, snap.manifest, snap.flowCount, snap.paramVersion]);
  const model = useMemo<ChartModel>(
    () => ({
      id: 'throughput',
      title: 'Throughput per flow',
      yLabel: 'Mb/s',
      scale: 1e-6,
      lines,
      hlines: () => fair,
    }),
    [lines, fair],
  );
  return (
    <TimeChart
      model={model}
      store={sim.store}
      hidden={hidden}
      onToggleFlow={onToggleFlow}
      tools={<BandToggle snap={snap} band={band} onBand={onBand} />}
    />
  );
}
