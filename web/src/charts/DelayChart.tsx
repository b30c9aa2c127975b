// Queueing delay (sojourn time) at one queue: the mean and the largest wait of the packets that
// left it in each sample interval, in milliseconds. Bufferbloat is a delay story: a big
// DropTail buffer keeps the link busy at the price of a standing queue every packet waits in,
// and CoDel, PIE or FQ-CoDel hold that wait near their target.
import { useMemo, useState } from 'react';
import { TimeChart } from './TimeChart';
import { type ChartProps, changedAt, queueNames } from './chartContext';
import type { ChartModel, HLine } from './chartModel';

export function DelayChart({ sim, snap, hidden, onToggleFlow }: ChartProps) {
  const names = useMemo(
    () => queueNames(snap.columns).filter((n) => snap.columns.includes(`queue.${n}.delay`)),
    [snap.columns],
  );
  const [chosen, setChosen] = useState<string | null>(null);
  const q = chosen !== null && names.includes(chosen) ? chosen : (names[0] ?? null);
  const model = useMemo<ChartModel>(
    () => ({
      id: 'delay',
      title: q ? `Queueing delay (${q})` : 'Queueing delay',
      yLabel: 'ms',
      scale: 1e3,
      lines: q
        ? [
            { column: `queue.${q}.delayMax`, label: 'max in interval', color: '#CC79A7', width: 1 },
            { column: `queue.${q}.delay`, label: 'mean', color: '#0072B2', width: 2 },
          ]
        : [],
      hlines: (): HLine[] => {
        // A delay target (CoDel's, PIE's) as a reference line, in the chart's unit.
        const target = q ? sim.liveValue(`queue.${q}`, 'target') : NaN;
        if (!Number.isFinite(target)) return [];
        // From the live change that set it: before, the run had another target (the mark says which).
        const from = changedAt(sim.store.marks, (e) => e === `queue.${q}`, ['target']);
        return [{ value: target * 1e3, label: `target ${+(target * 1e3).toPrecision(3)} ms`, color: '#009E73', from }];
      },
    }),
    [q, sim],
  );
  const picker =
    names.length > 1 ? (
      <select aria-label="Queue shown (delay)" value={q ?? ''} onChange={(e) => setChosen(e.target.value)}>
        {names.map((n) => (
          <option key={n} value={n}>
            {n}
          </option>
        ))}
      </select>
    ) : null;
  return <TimeChart model={model} store={sim.store} hidden={hidden} onToggleFlow={onToggleFlow} tools={picker} />;
}
