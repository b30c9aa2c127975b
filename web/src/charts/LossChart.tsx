// Loss rate per flow, split into congestion losses (solid) and exogenous losses (dashed).
// Per-interval loss rates are noisy (0 or 100 % over a short interval is common), so each
// pixel column shows their mean: min..max spans of 200 lines would paint a solid block.
import { useMemo } from 'react';
import { TimeChart } from './TimeChart';
import { type ChartProps, flowLines } from './chartContext';
import type { ChartModel } from './chartModel';

export function LossChart({ sim, snap, hidden, onToggleFlow }: ChartProps) {
  const model = useMemo<ChartModel>(
    () => ({
      id: 'loss',
      term: 'exoLoss',
      title: 'Loss rate per flow: congestion (solid), exogenous (dashed)',
      yLabel: '% of packets lost',
      scale: 100,
      mean: true,
      lines: [
        ...flowLines(snap.flowCount, 'lossCong', { dash: [] }, (i) => `flow ${i} congestion`),
        ...flowLines(snap.flowCount, 'lossExo', { dash: [4, 3] }, (i) => `flow ${i} exogenous`),
      ],
    }),
    [snap.flowCount],
  );
  return <TimeChart model={model} store={sim.store} hidden={hidden} onToggleFlow={onToggleFlow} />;
}
