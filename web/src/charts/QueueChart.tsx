// Queue length at the bottleneck: instantaneous and average, with the discipline's packet
// thresholds (RED minTh/maxTh, PI qRef, REM target, XQM target buffer, the buffer...) drawn as
// reference lines. Which thresholds exist comes from the queue's specs (unit "packets").
import { useMemo } from 'react';
import { TimeChart } from './TimeChart';
import { type ChartProps, firstQueue } from './chartContext';
import type { ChartModel, HLine } from './chartModel';
import { specsOfGroup } from '../core/specs';
import { getPath } from '../scenario/paths';

export function QueueChart({ sim, snap, hidden, onToggleFlow }: ChartProps) {
  const q = firstQueue(snap.columns);
  const thresholds = useMemo<HLine[]>(() => {
    if (!q || !snap.scenario) return [];
    const kind = getPath(snap.scenario, 'queue.kind');
    const specs = specsOfGroup(snap.specs, 'queue', typeof kind === 'string' ? kind : 'droptail').filter((sp) => sp.unit === 'packets');
    const out: HLine[] = [];
    for (const sp of specs) {
      const key = sp.key.slice('queue.'.length);
      const v = sim.liveValue(`queue.${q}`, key);
      if (Number.isFinite(v)) out.push({ value: v, label: `${sp.label.toLowerCase()} ${v}`, color: key === 'buffer' ? '#7f7f7f' : '#CC79A7' });
    }
    return out;
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [q, sim, snap.scenario, snap.specs, snap.paramVersion]);
  const model = useMemo<ChartModel>(() => ({
    id: 'queue',
    title: q ? `Queue length (${q})` : 'Queue length',
    yLabel: 'packets',
    lines: q ? [
      { column: `queue.${q}.len`, label: 'instantaneous', color: '#0072B2', width: 1 },
      { column: `queue.${q}.avg`, label: 'average', color: '#D55E00', width: 2 },
    ] : [],
    hlines: () => thresholds,
  }), [q, thresholds]);
  return <TimeChart model={model} store={sim.store} hidden={hidden} onToggleFlow={onToggleFlow} />;
}
