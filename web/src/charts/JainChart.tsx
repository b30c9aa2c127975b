// Jain's fairness index over time, and the weighted index when the weights differ.
import { useMemo } from 'react';
import { TimeChart } from './TimeChart';
import { type ChartProps, weights } from './chartContext';
import type { ChartModel, LineDef } from './chartModel';

export function JainChart({ sim, snap, hidden, onToggleFlow }: ChartProps) {
  const weighted = snap.flowCount > 0 && weights(sim, snap.flowCount).some((w) => w !== 1);
  const model = useMemo<ChartModel>(() => {
    const lines: LineDef[] = [{ column: 'jain', label: "Jain's index", color: '#0072B2', width: 1.5 }];
    if (weighted) lines.push({ column: 'wjain', label: "weighted Jain's index", color: '#E69F00', width: 1.5 });
    return { id: 'jain', title: "Jain's fairness index", term: 'jain', yLabel: 'index', lines, yDomain: [0, 1.02] };
  }, [weighted]);
  return <TimeChart model={model} store={sim.store} hidden={hidden} onToggleFlow={onToggleFlow} />;
}
