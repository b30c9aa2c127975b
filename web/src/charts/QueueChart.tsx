// Queue length at the bottleneck: instantaneous and average, with the buffer size and the
// discipline's thresholds (RED minTh/maxTh) drawn as reference lines.
import { useMemo } from 'react';
import { TimeChart } from './TimeChart';
import { type ChartProps, firstQueue } from './chartContext';
import type { ChartModel, HLine } from './chartModel';

const THRESHOLD_KEYS: [string, string][] = [['minTh', 'min threshold'], ['maxTh', 'max threshold'], ['target', 'target'], ['buffer', 'buffer']];

export function QueueChart({ sim, snap, hidden, onToggleFlow }: ChartProps) {
  const q = firstQueue(snap.columns);
  const model = useMemo<ChartModel>(() => ({
    id: 'queue',
    title: q ? `Queue length (${q})` : 'Queue length',
    yLabel: 'packets',
    lines: q ? [
      { column: `queue.${q}.len`, label: 'instantaneous', color: '#0072B2', width: 1 },
      { column: `queue.${q}.avg`, label: 'average', color: '#D55E00', width: 2 },
    ] : [],
    hlines: () => {
      if (!q) return [];
      const out: HLine[] = [];
      for (const [key, label] of THRESHOLD_KEYS) {
        const v = sim.liveValue(`queue.${q}`, key);
        if (Number.isFinite(v)) out.push({ value: v, label: `${label} ${v}`, color: key === 'buffer' ? '#7f7f7f' : '#CC79A7' });
      }
      return out;
    },
  }), [q, sim]);
  return <TimeChart model={model} store={sim.store} hidden={hidden} onToggleFlow={onToggleFlow} />;
}
