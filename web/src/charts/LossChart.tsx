// Loss rate per flow, split into congestion losses (solid) and exogenous losses (dashed).
// Per-interval loss rates are noisy (0 or 100 % over a short interval is common), so each
// pixel column shows their mean: min..max spans of 200 lines would paint a solid block.
// Above BAND_FLOWS flows each kind is a min..max band of the flows with their mean, as in the
// window and throughput charts (each pixel column again shows the mean of what it covers).
import { useMemo } from 'react';
import { TimeChart } from './TimeChart';
import { type ChartProps, metricLines } from './chartContext';
import { BandToggle } from './BandToggle';
import type { ChartModel } from './chartModel';

export function LossChart({ sim, snap, hidden, onToggleFlow, band = false, onBand }: ChartProps) {
  const model = useMemo<ChartModel>(
    () => ({
      id: 'loss',
      term: 'exoLoss',
      title: 'Loss rate per flow: congestion (solid), exogenous (dashed)',
      yLabel: '% of packets lost',
      unit: '%',
      scale: 100,
      mean: true,
      lines: [
        ...metricLines(sim, snap.flowCount, 'lossCong', band, {
          what: 'congestion',
          dash: [],
          flowLabel: (i) => `flow ${i} congestion`,
        }),
        ...metricLines(sim, snap.flowCount, 'lossExo', band, {
          what: 'exogenous',
          color: '#009E73',
          meanColor: '#CC79A7',
          dash: [4, 3],
          flowLabel: (i) => `flow ${i} exogenous`,
        }),
      ],
    }),
    [sim, snap.flowCount, band],
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
