// Grid expansion: values, ranges, series, seeds and the scenarios each run gets.
import { describe, expect, it } from 'vitest';
import type { Scenario } from '../params/types';
import { DEFAULT_SWEEP, type SweepConfig, expandGrid, parseFixed, parseValues, workerCount } from './sweepConfig';
import { cartesian, pathKeys, setPath } from '../../../wasm-core/js/grid.mjs';
import { findPreset } from '../scenario/presets';

const base: Scenario = {
  version: 1,
  duration: 600,
  measureFrom: 60,
  flows: { count: 10, cc: 'sd' },
  flowOverrides: [{ flow: 0, weight: 10 }],
};
const cfg = (p: Partial<SweepConfig>): SweepConfig => ({ ...DEFAULT_SWEEP, ...p });

describe('values', () => {
  it('a comma list, as typed', () => {
    expect(parseValues('1, 2,5 ,10', false)).toEqual({ ok: true, value: [1, 2, 5, 10] });
  });
  it('from:to:count, linear or geometric', () => {
    expect(parseValues('0:0.05:6', false)).toEqual({ ok: true, value: [0, 0.01, 0.02, 0.03, 0.04, 0.05] });
    expect(parseValues('1:100:3', true)).toEqual({ ok: true, value: [1, 10, 100] });
    expect(parseValues('1:1000:4', true)).toEqual({ ok: true, value: [1, 10, 100, 1000] });
  });
  it('says what is wrong', () => {
    const e = (t: string, log = false) => {
      const r = parseValues(t, log);
      return r.ok ? '' : r.error;
    };
    expect(e('1,x,3')).toMatch(/values "1,x,3": expected numbers/);
    expect(e('1:10:1')).toMatch(/whole count from 2/);
    expect(e('0:10:3', true)).toMatch(/log range needs from and to above 0/);
    expect(e('')).toMatch(/expected numbers/);
  });
});

describe('paths and fixed changes', () => {
  it('indexed paths; a new flowOverrides entry names its flow', () => {
    expect(pathKeys('flowOverrides[2].ccParams.N')).toEqual(['flowOverrides', 2, 'ccParams', 'N']);
    expect(() => pathKeys('a..b')).toThrow(/bad path/);
    for (const p of ['__proto__.x', 'queue.constructor.prototype', 'flowOverrides[0].__proto__'])
      expect(() => pathKeys(p)).toThrow(/would reach an object's prototype/);
    const doc: Record<string, unknown> = {};
    setPath(doc, 'flowOverrides[1].ccParams.N', 4);
    expect(doc.flowOverrides).toEqual([undefined, { ccParams: { N: 4 }, flow: 1 }]);
  });
  it('fixed changes parse as JSON where they can', () => {
    expect(parseFixed('queue.maxP=0.2; exoLoss.kind=bernoulli ;queue.gentle=false')).toEqual({
      ok: true,
      value: [
        ['queue.maxP', 0.2],
        ['exoLoss.kind', 'bernoulli'],
        ['queue.gentle', false],
      ],
    });
    expect(parseFixed('nonsense').ok).toBe(false);
  });
  it('cartesian: the first axis varies slowest', () => {
    expect(
      cartesian<string | number>([
        ['a', 'b'],
        [1, 2],
      ]),
    ).toEqual([
      ['a', 1],
      ['a', 2],
      ['b', 1],
      ['b', 2],
    ]);
  });
});

describe('expandGrid', () => {
  it('the default sweep starts from a preset that exists (sd-10mbps, flow 0 weighted)', () => {
    const p = findPreset(DEFAULT_SWEEP.base);
    expect(p?.scenario.flowOverrides).toEqual([{ flow: 0, weight: 10 }]);
  });
  it('series x values x seeds runs, each with its own scenario', () => {
    const r = expandGrid(
      cfg({
        values: '1,10,100',
        series: 'flows.cc',
        seriesValues: 'sd,lasd',
        seeds: 2,
        duration: 60,
        measureFrom: 15,
        fixed: 'queue.maxP=0.2',
      }),
      base,
    );
    if (!r.ok) throw new Error(r.error);
    expect(r.value).toHaveLength(12);
    expect(r.value.map((j) => `${j.series}/${j.x}/${j.seed}`).slice(0, 4)).toEqual([
      'sd/1/1',
      'sd/1/2',
      'sd/10/1',
      'sd/10/2',
    ]);
    const j = r.value[11]!;
    expect(j).toMatchObject({ index: 11, series: 'lasd', x: 100, seed: 2 });
    expect(j.scenario).toMatchObject({
      duration: 60,
      measureFrom: 15,
      seed: 2,
      flows: { count: 10, cc: 'lasd' },
      flowOverrides: [{ flow: 0, weight: 100 }],
      queue: { maxP: 0.2 },
    });
    expect(base.flowOverrides).toEqual([{ flow: 0, weight: 10 }]); // the base is not touched
  });
  it('one series when no series path is given', () => {
    const r = expandGrid(cfg({ values: '2,4', series: '', param: 'flowOverrides[0].ccParams.N' }), base);
    if (!r.ok) throw new Error(r.error);
    expect(r.value.map((j) => j.series)).toEqual(['', '']);
    expect(r.value[1]!.scenario.flowOverrides).toEqual([{ flow: 0, weight: 10, ccParams: { N: 4 } }]);
  });
  it('form errors name the field; values the core refuses are left to their runs', () => {
    const e = (p: Partial<SweepConfig>) => {
      const r = expandGrid(cfg(p), base);
      return r.ok ? '' : r.error;
    };
    expect(e({ param: 'flows..weight' })).toMatch(/^swept parameter: bad path/);
    expect(e({ seeds: 0 })).toMatch(/^seeds: 0 is not allowed/);
    expect(e({ series: 'flows.cc', seriesValues: ' , ' })).toMatch(/series values/);
    expect(e({ param: 'flows.count.x' })).toMatch(/is not an object/);
    expect(expandGrid(cfg({ values: '5000' }), base).ok).toBe(true);
  });
  it('workers: min(4, max(1, cores - 1)) by default, never more than the runs', () => {
    expect(workerCount(cfg({ workers: 0 }), 2, 10)).toBe(1);
    expect(workerCount(cfg({ workers: 0 }), 8, 10)).toBe(4);
    expect(workerCount(cfg({ workers: 3 }), 2, 10)).toBe(3);
    expect(workerCount(cfg({ workers: 0 }), 8, 2)).toBe(2);
  });
});
