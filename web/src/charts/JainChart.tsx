// Jain's fairness index over time, per sample interval, and the weighted index when the weights
// differ. Its title says "per interval": the summary's index (compare, print) is over the measured
// window, a different and usually higher number (ui/glossary.ts).
import { useMemo } from 'react';
import { TimeChart } from './TimeChart';
import { type ChartProps, runValue, weights } from './chartContext';
import type { ChartModel, LineDef } from './chartModel';
import { jainPerIntervalTitle } from '../ui/glossary';

export function JainChart({ sim, snap, hidden, onToggleFlow }: ChartProps) {
  const weighted = snap.flowCount > 0 && weights(sim, snap.flowCount).some((w) => w !== 1);
  const title = jainPerIntervalTitle(runValue(snap, 'samplePeriod', 0.1));
  const model = useMemo<ChartModel>(() => {
    const lines: LineDef[] = [{ column: 'jain', label: "Jain's index", color: '#0072B2', width: 1.5 }];
    if (weighted) lines.push({ column: 'wjain', label: "weighted Jain's index", color: '#E69F00', width: 1.5 });
    return { id: 'jain', title, term: 'jain', yLabel: 'index', unit: '', lines, yDomain: [0, 1.02] };
  }, [weighted, title]);
  return <TimeChart model={model} store={sim.store} hidden={hidden} onToggleFlow={onToggleFlow} />;
}
