// Recipe check (docs/extending.md): a chart of flow 0's window only. Reverted in the next commit.
import { useMemo } from 'react';
import { TimeChart } from './TimeChart';
import { type ChartProps, metricLines } from './chartContext';
import type { ChartModel } from './chartModel';

export function RecipeChart({ sim, snap, hidden, onToggleFlow }: ChartProps) {
  const model = useMemo<ChartModel>(
    () => ({
      id: 'recipe',
      title: 'Recipe check: window of flow 0',
      term: 'cwnd',
      yLabel: 'packets',
      lines: metricLines(sim, Math.min(1, snap.flowCount), 'cwnd', false),
    }),
    [sim, snap.flowCount],
  );
  return <TimeChart model={model} store={sim.store} hidden={hidden} onToggleFlow={onToggleFlow} />;
}
