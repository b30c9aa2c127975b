// The switch between a min/mean/max band and one line per flow, offered by per-flow charts when
// a run has more than BAND_FLOWS flows.
import { BAND_FLOWS } from '../store/flowBand';
import type { ChartProps } from './chartContext';

export function BandToggle({ snap, band, onBand }: Pick<ChartProps, 'snap' | 'band' | 'onBand'>) {
  if (!onBand || snap.flowCount <= BAND_FLOWS) return null;
  return (
    <button
      type="button"
      aria-pressed={!band}
      onClick={() => onBand(!band)}
      title={`With more than ${BAND_FLOWS} flows the chart shades the range (min to max) of all flows and draws their mean; press to draw one line per flow instead`}
    >
      Per-flow lines
    </button>
  );
}
