// Sweepable paths from the specs, and flow k's flowOverrides entry (index is not flow number).
import { describe, expect, it } from 'vitest';
import type { ParamSpec, Scenario } from '../params/types';
import { overrideSlot, sweepFor, sweepableParams } from './sweepParams';
import { testManifest } from '../params/manifestFixture';
import { normalizeSpecs } from '../params/specs';
import described from '../../test/fixtures/describe.json';

const spec = (key: string, type: ParamSpec['type'] = 'number'): ParamSpec => ({
  key,
  label: key.split('.').pop()!,
  unit: '',
  type,
  default: 1,
  help: '',
  live: false,
  min: 0,
  max: 10,
});
const specs = [
  spec('packetSize', 'integer'),
  spec('duration'),
  spec('flows.weight'),
  spec('flows.tcp', 'enum'),
  spec('flows.lasd.N', 'integer'),
  spec('flows.multcp.N', 'integer'),
  { ...spec('exoLoss.kind', 'enum'), selects: 'exoLoss' }, // the core says exoLoss.kind selects the kind
  spec('exoLoss.bernoulli.rate'),
  spec('live.flow.exoLoss'),
];

describe('sweepable parameters', () => {
  it('numbers of the scenario, of one flow or all flows, of ccParams and of a kind', () => {
    const ps = sweepableParams(specs, 0, {
      version: 1,
      flows: { cc: 'lasd' },
      flowOverrides: [{ flow: 0, weight: 10 }],
    });
    expect(ps.map((p) => [p.path, p.needs ?? ''])).toEqual([
      ['packetSize', ''],
      ['flowOverrides[0].weight', ''],
      ['flows.weight', ''],
      ['flowOverrides[0].ccParams.N', ''],
      ['flows.ccParams.N', ''],
      ['exoLoss.rate', 'exoLoss.kind=bernoulli'],
    ]);
    expect(ps.find((p) => p.path === 'flowOverrides[0].ccParams.N')!.label).toBe('flow 0: lasd N');
  });
  it("ccParams of the rule each flow uses: flow 0's mulTCP N, the others' (aimd) none", () => {
    const ps = sweepableParams(specs, 0, {
      version: 1,
      flows: { cc: 'aimd' },
      flowOverrides: [{ flow: 0, cc: 'multcp', ccParams: { N: 8 } }],
    });
    expect(ps.filter((p) => p.path.includes('ccParams')).map((p) => p.label)).toEqual(['flow 0: multcp N']);
  });
  it("flow k's entry is found by its flow number, or a new one says whose it is", () => {
    const base: Scenario = {
      version: 1,
      flowOverrides: [
        { flow: 3, weight: 5 },
        { flow: 1, weight: 2 },
      ],
    };
    expect(overrideSlot(base, 1)).toEqual({ index: 1 });
    expect(overrideSlot(base, 0)).toEqual({ index: 2, needs: 'flowOverrides[2].flow=0' });
    expect(overrideSlot({ version: 1 }, 0)).toEqual({ index: 0 });
    expect(sweepableParams(specs, 0, base).find((p) => p.label === 'flow 0: weight')).toMatchObject({
      path: 'flowOverrides[2].weight',
      needs: 'flowOverrides[2].flow=0',
    });
  });
});

describe('sweepFor: the sweep the Sweep button opens, for the scenario on screen', () => {
  const core = normalizeSpecs(described);
  it('starts from a CoDel run with 30 flows: its own queue buffer, its duration, Jain over the window', () => {
    // #v=1&flows.count=30&queue.kind=codel (issue 23, item 9): base "current", not the sd-10mbps preset.
    const s: Scenario = {
      version: 1,
      duration: 60,
      measureFrom: 10,
      queue: { kind: 'codel', buffer: 250 },
      flows: { count: 30, cc: 'aimd' },
    };
    const cfg = sweepFor(s, core);
    expect(cfg).toMatchObject({
      base: 'current',
      param: 'queue.buffer',
      // a tenth of 250 to four times 250, six points on a log scale
      values: '25:1000:6',
      log: true,
      series: '',
      fixed: 'queue.kind=codel',
      measure: 'jain',
      duration: 60,
      measureFrom: 10,
    });
    // The form's parameter list has the path, for the queue kind the run has.
    expect(sweepableParams(core, 0, s).some((p) => p.path === cfg.param && p.needs === cfg.fixed)).toBe(true);
  });
  it("keeps the papers' weight sweep, sd against lasd, for weighted AIMD runs, from the run on screen", () => {
    const s: Scenario = { version: 1, duration: 100, flows: { count: 12, cc: 'lasd' } };
    expect(sweepFor(s, core)).toMatchObject({
      base: 'current',
      param: 'flowOverrides[0].weight',
      series: 'flows.cc',
      seriesValues: 'sd,lasd',
      measure: 'ratio',
      duration: 100,
      measureFrom: 0,
    });
  });
  it('reads the run on screen from its manifest: the buffer in force after a live change, the queue as built', () => {
    // The scenario says 250 packets of CoDel, 60 s; the run's buffer was set live to 80.
    const s: Scenario = { version: 1, duration: 60, queue: { kind: 'codel', buffer: 250 }, flows: { count: 30 } };
    const m = testManifest({ flows: 30, queueKind: 'codel', queueParams: { buffer: 80 } });
    m.links[0]!.buffer = 80;
    m.run.measureFrom = 5;
    // a tenth of 80 to four times 80: 8 to 320
    expect(sweepFor(s, core, m)).toMatchObject({
      param: 'queue.buffer',
      values: '8:320:6',
      fixed: 'queue.kind=codel',
      duration: 60,
      measureFrom: 5,
    });
    // A run whose flows run TCP-SD (the scenario as written said nothing of it): the papers' sweep.
    expect(sweepFor({ version: 1 }, core, testManifest({ cc: 'sd' }))).toMatchObject({
      param: 'flowOverrides[0].weight',
      series: 'flows.cc',
    });
  });
  it("takes the queue's default buffer when the scenario leaves it out, within the spec's range", () => {
    const cfg = sweepFor({ version: 1, queue: { kind: 'codel' } }, core);
    // codel's default buffer is 1000 packets: 100 to 4000
    expect(cfg.values).toBe('100:4000:6');
  });
});
