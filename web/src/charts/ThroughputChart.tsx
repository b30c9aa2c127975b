// Throughput per flow (Mb/s) with the fair share line (capacity / flows; per weight when
// weights differ, the line is for weight 1).
import { useMemo } from 'react';
import { TimeChart } from './TimeChart';
import { type ChartProps, bottleneckRate, flowLines, weights } from './chartContext';
import type { ChartModel } from './chartModel';

export function ThroughputChart({ sim, snap, hidden, onToggleFlow }: ChartProps) {
  const model = useMemo<ChartModel>(() => ({
    id: 'throughput', title: 'Throughput per flow', yLabel: 'Mb/s', scale: 1e-6,
    lines: flowLines(snap.flowCount, 'thr'),
    hlines: () => {
      const rate = bottleneckRate(sim, snap);
      if (!Number.isFinite(rate) || snap.flowCount === 0) return [];
      const w = weights(sim, snap.flowCount);
      const total = w.reduce((a, b) => a + b, 0);
      const share = (rate * 1e-6) / total;
      return [{ value: share, label: `fair share ${share.toPrecision(3)} Mb/s${w.some((x) => x !== 1) ? ' per unit weight' : ''}`, color: '#009E73' }];
    },
  }), [snap, sim]);
  return <TimeChart model={model} store={sim.store} hidden={hidden} onToggleFlow={onToggleFlow} />;
}
