// Congestion window per flow.
import { useMemo } from 'react';
import { TimeChart } from './TimeChart';
import { type ChartProps, flowLines } from './chartContext';
import type { ChartModel } from './chartModel';

export function CwndChart({ sim, snap, hidden, onToggleFlow }: ChartProps) {
  const model = useMemo<ChartModel>(() => ({
    id: 'cwnd', title: 'Congestion window', yLabel: 'packets', lines: flowLines(snap.flowCount, 'cwnd'),
  }), [snap.flowCount]);
  return <TimeChart model={model} store={sim.store} hidden={hidden} onToggleFlow={onToggleFlow} />;
}
