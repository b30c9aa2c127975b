// Sweepable paths from the specs, and flow k's flowOverrides entry (index is not flow number).
import { describe, expect, it } from 'vitest';
import type { ParamSpec, Scenario } from '../core/types';
import { overrideSlot, sweepableParams } from './sweepParams';

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
