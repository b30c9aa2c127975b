// Queue length at one queue (the bottleneck, or any other chosen in the header): instantaneous
// and average, with the discipline's packet thresholds (RED minTh/maxTh, PI qRef, REM target,
// XQM target buffer, the buffer...) drawn as reference lines. Which thresholds exist comes from
// the queue's specs (unit "packets"). A TED queue also shows its bound Q_max (Section II.B of
// the TED paper), read from the core's summary, which follows live deadline changes.
import { useMemo, useState } from 'react';
import { TimeChart } from './TimeChart';
import { type ChartProps, changedAt, queueNames } from './chartContext';
import type { ChartModel, HLine } from './chartModel';
import { specsOfGroup } from '../params/specs';

const QMAX_COLOR = '#009E73';

export function QueueChart({ sim, snap, hidden, onToggleFlow }: ChartProps) {
  const names = useMemo(() => queueNames(snap.columns), [snap.columns]);
  const [chosen, setChosen] = useState<string | null>(null);
  const q = chosen !== null && names.includes(chosen) ? chosen : (names[0] ?? null);
  const info = snap.queues.find((x) => x.id === q);
  const thresholds = useMemo<HLine[]>(() => {
    // The queue's kind as the run built it at that link (the manifest), else as its summary says.
    const kind = snap.manifest?.links.find((l) => l.name === q)?.queue.kind ?? info?.kind;
    if (!q || !kind) return [];
    const specs = specsOfGroup(snap.specs, 'queue', kind).filter((sp) => sp.unit === 'packets');
    const out: HLine[] = [];
    for (const sp of specs) {
      const key = sp.key.slice('queue.'.length);
      const v = sim.liveValue(`queue.${q}`, key);
      if (Number.isFinite(v))
        out.push({
          value: v,
          label: `${sp.label.toLowerCase()} ${v}`,
          color: key === 'buffer' ? '#7f7f7f' : '#CC79A7',
          from: changedAt(sim.store.marks, (e) => e === `queue.${q}`, [key]),
        });
    }
    if (info?.qmax !== undefined) {
      // A buffer sized to Q_max (the TED presets round it up) is one line, not two labels on top of each other.
      const qmax = +info.qmax.toPrecision(4);
      const same = out.findIndex((h) => Math.abs(h.value - info.qmax!) < 1);
      const label =
        same < 0 ? `Q_max ${qmax}` : `Q_max ${qmax} ${out[same]!.value === info.qmax ? '=' : '~'} ${out[same]!.label}`;
      // Q_max follows the deadlines in force: it holds from the latest live change of one (and a
      // buffer line merged into it, from the later of the two).
      const own = changedAt(sim.store.marks, (e) => e === 'flows' || e.startsWith('flow.') || e === `queue.${q}`, [
        'deadline',
      ]);
      const merged = same >= 0 ? out[same]!.from : undefined;
      const from = own === undefined ? merged : merged === undefined ? own : Math.max(own, merged);
      if (same >= 0) out.splice(same, 1);
      out.push({
        value: info.qmax,
        label,
        color: QMAX_COLOR,
        keep: true,
        legend: `Q_max ${qmax} packets (TED's bound, Sec. II.B)`,
        from,
      });
    }
    return out;
    // eslint-disable-next-line react-hooks/exhaustive-deps -- thresholds come from sim; the snapshot fields listed say when they changed
  }, [q, info, sim, snap.manifest, snap.specs, snap.paramVersion]);
  const model = useMemo<ChartModel>(
    () => ({
      id: 'queue',
      title: q ? `Queue length (${q})` : 'Queue length',
      term: 'aqm',
      yLabel: 'packets',
      lines: q
        ? [
            // The instantaneous queue drawn first and thick enough to see; the average on top,
            // thinner and dashed, so where the two agree both stay visible.
            { column: `queue.${q}.len`, label: 'instantaneous', color: '#0072B2', width: 1.75 },
            { column: `queue.${q}.avg`, label: 'average (dashed)', color: '#D55E00', width: 1.25, dash: [6, 4] },
          ]
        : [],
      hlines: () => thresholds,
    }),
    [q, thresholds],
  );
  const picker =
    names.length > 1 ? (
      <select aria-label="Queue shown" value={q ?? ''} onChange={(e) => setChosen(e.target.value)}>
        {names.map((n) => (
          <option key={n} value={n}>
            {n}
            {snap.queues.find((x) => x.id === n)?.qmax !== undefined ? ' (TED)' : ''}
          </option>
        ))}
      </select>
    ) : null;
  return <TimeChart model={model} store={sim.store} hidden={hidden} onToggleFlow={onToggleFlow} tools={picker} />;
}
