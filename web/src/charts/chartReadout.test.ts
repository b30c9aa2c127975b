import { describe, expect, it } from 'vitest';
import { ChartStore } from '../store/chartStore';
import { encodeBlock } from '../../../wasm-core/js/block.mjs';
import { toCsv } from '../store/exportData';
import type { ChartModel } from './chartModel';
import {
  chartCsv,
  chartTable,
  lineName,
  nearestRow,
  niceStep,
  readoutAt,
  readoutText,
  shareReadout,
  shareReadoutText,
  shareStep,
  shareTable,
  tableRowIndices,
  valueUnit,
} from './chartReadout';

/** A throughput-like run: samples every 0.1 s from 0.1 s, flow 0 at (k x 1 Mb/s), flow 1 at 2 Mb/s. */
function run(samples: number): ChartStore {
  const s = new ChartStore();
  s.reset(['t', 'flow.0.thr', 'flow.1.thr'], samples);
  const v: number[] = [];
  for (let k = 1; k <= samples; k++) v.push(+(k * 0.1).toFixed(10), k * 1e6, 2e6);
  s.append(encodeBlock(samples, 3, v), samples * 0.1);
  return s;
}

const thr: ChartModel = {
  id: 'throughput',
  title: 'Throughput per flow',
  yLabel: 'Mb/s',
  scale: 1e-6,
  lines: [
    { column: 'flow.0.thr', label: 'flow 0', color: '#111111', flow: 0 },
    { column: 'flow.1.thr', label: 'flow 1', color: '#222222', flow: 1 },
  ],
};

describe('readout', () => {
  it('reads the sample nearest to a time, in the chart unit, with the legend names', () => {
    const s = run(100);
    // 1.24 s is nearest to the sample at 1.2 s (k = 12): flow 0 = 12 Mb/s, flow 1 = 2 Mb/s.
    const r = readoutAt(thr, s, new Set(), ['reno', 'bbr'], 1.24)!;
    expect(r.t).toBeCloseTo(1.2, 9);
    expect(r.values.map((v) => [v.label, v.text])).toEqual([
      ['flow 0 (reno)', '12 Mb/s'],
      ['flow 1 (bbr)', '2 Mb/s'],
    ]);
    expect(readoutText(r)).toBe('t = 1.2 s: flow 0 (reno) 12 Mb/s; flow 1 (bbr) 2 Mb/s.');
    // A hidden flow is left out; no names: the label alone.
    expect(readoutAt(thr, s, new Set([0]), null, 1.26)!.values.map((v) => v.label)).toEqual(['flow 1']);
    // 1.26 s is nearest to 1.3 s; before the first sample, the first; after the last, the last.
    expect(nearestRow(s, 1.26)).toBe(12);
    expect(nearestRow(s, -5)).toBe(0);
    expect(nearestRow(s, 99)).toBe(99);
    expect(nearestRow(new ChartStore(), 1)).toBe(-1);
  });

  it('says how many values it left out and writes units as the chart does', () => {
    const s = run(10);
    const r = readoutAt(thr, s, new Set(), null, 0.5)!;
    expect(readoutText(r, 1)).toBe('t = 0.5 s: flow 0 5 Mb/s; and 1 more (open the table).');
    expect(valueUnit({ ...thr, yLabel: '% of packets lost', unit: '%' })).toBe('%');
    // A unitless index: the number alone.
    const jain: ChartModel = { id: 'jain', title: 'J', yLabel: 'index', unit: '', lines: [thr.lines[1]!] };
    expect(readoutAt(jain, s, new Set(), null, 0.5)!.values[0]!.text).toBe('2000000');
    expect(lineName({ column: 'jain', label: "Jain's index", color: '#000' }, ['reno'])).toBe("Jain's index");
  });
});

describe('table', () => {
  it('keeps every sample when few are in the window, else one in a 1-2-5 step at round times', () => {
    expect([0, 1, 1.5, 2, 3, 7, 11, 21, 120].map(niceStep)).toEqual([1, 1, 2, 2, 5, 10, 20, 50, 200]);
    const s = run(600); // 0.1 .. 60 s
    // 0..3 s holds 30 samples (0.1 .. 3.0): all of them.
    expect(tableRowIndices(s, { t0: 0, t1: 3 }).rows.length).toBe(30);
    // 0..60 s holds 600 samples: 600 / 60 rows = 10, a step of 10 samples, at 1, 2, ... 60 s.
    const all = tableRowIndices(s, { t0: 0, t1: 60 });
    expect(all.every).toBe(10);
    expect(all.rows.length).toBe(60);
    expect(all.rows.slice(0, 3).map((i) => s.ring.get(0, i))).toEqual([1, 2, 3]);
  });

  it('shows the same numbers as the chart CSV, which are the run CSV in the chart unit', () => {
    const s = run(600);
    const t = chartTable(thr, s, new Set(), ['reno', 'bbr'], { t0: 0, t1: 60 });
    expect(t.header).toEqual(['Time (s)', 'flow 0 (reno) (Mb/s)', 'flow 1 (bbr) (Mb/s)']);
    expect(t.caption).toBe(
      'Throughput per flow, in Mb/s: 60 times from 1 s to 60 s, every 1 s (one sample in 10; zoom in for all).',
    );
    // The row at 2 s is sample k = 20: flow 0 at 20 Mb/s.
    expect(t.rows[1]).toEqual(['2', '20', '2']);
    const csv = chartCsv(thr, s, new Set(), ['reno', 'bbr']).split('\n');
    expect(csv[0]).toBe('Time (s),flow 0 (reno) (Mb/s),flow 1 (bbr) (Mb/s)');
    expect(csv).toContain(t.rows[1]!.join(','));
    expect(csv.length).toBe(600 + 2); // header, 600 rows, the final newline
    // The run's CSV holds the same sample in bits/s.
    expect(toCsv(s).split('\n')).toContain('2,20000000,2000000');
  });

  it('reads a line of another store at its sample at or after the row time', () => {
    const s = run(10);
    const other = new ChartStore();
    other.reset(['t', 'x'], 4);
    other.append(encodeBlock(2, 2, [0.25, 7, 0.55, 9]), 0.55);
    const m: ChartModel = { ...thr, scale: 1, lines: [{ column: 'x', label: 'fluid', color: '#000', store: other }] };
    // Row 0.3 s: the other store's first sample at or after 0.3 s is 0.55 s (9); row 0.2 s: 0.25 s (7).
    const t = chartTable(m, s, new Set(), null, { t0: 0.2, t1: 0.3 });
    expect(t.rows).toEqual([
      ['0.2', '7'],
      ['0.3', '9'],
    ]);
  });
});

describe('share table', () => {
  it('lists each flow shown with its mean throughput and target share, named as the legend names it', () => {
    const t = shareTable(
      [
        { flow: 0, thr: 7.123456, target: 8 },
        { flow: 2, thr: 9, target: Number.NaN },
      ],
      20,
      60,
      ['bbr', 'cubic', 'cubic'],
    );
    expect(t.caption).toBe(
      "Long-run throughput vs target share, in Mb/s: each flow's mean throughput from 20 s to 60 s, and its target share.",
    );
    expect(t.header).toEqual(['Flow', 'Mean throughput (Mb/s)', 'Target share (Mb/s)']);
    // 5 significant digits; no target (a rate not known): an empty cell.
    expect(t.rows).toEqual([
      ['flow 0 (bbr)', '7.1235', '8'],
      ['flow 2 (cubic)', '9', ''],
    ]);
  });

  it('reads one bar of the share chart by flow, and steps from bar to bar within the bars shown', () => {
    // Flow 1 hidden: bars for flows 0 and 2; flow 2 has no target (no single bottleneck).
    const bars = [
      { flow: 0, thr: 7.123456, target: 8 },
      { flow: 2, thr: 9, target: Number.NaN },
    ];
    const r = shareReadout(bars, 0, 2, 10, ['bbr', 'reno', 'cubic'])!;
    expect(r.name).toBe('flow 0 (bbr)');
    expect(r.values).toEqual([
      { label: 'mean from 2 s to 10 s', text: '7.1235 Mb/s' },
      { label: 'target share', text: '8 Mb/s' },
    ]);
    expect(shareReadoutText(r)).toBe('flow 0 (bbr): mean from 2 s to 10 s 7.1235 Mb/s; target share 8 Mb/s.');
    expect(shareReadout(bars, 2, 2, 10, null)!.values.map((v) => v.label)).toEqual(['mean from 2 s to 10 s']);
    expect(shareReadout(bars, 1, 2, 10, null)).toBeNull();
    // Enter (no flow yet) starts at the first bar, Left from none at the last; the ends hold.
    expect([shareStep(bars, null, 1), shareStep(bars, null, -1)]).toEqual([0, 2]);
    expect([shareStep(bars, 0, 1), shareStep(bars, 2, 1), shareStep(bars, 0, -1)]).toEqual([2, 2, 0]);
    // A flow that lost its bar (hidden since): the next key starts from an end again.
    expect(shareStep(bars, 1, 1)).toBe(0);
    expect(shareStep([], null, 1)).toBeNull();
  });
});
