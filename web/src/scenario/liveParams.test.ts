import { describe, expect, it } from 'vitest';
import { normalizeSpecs } from '../core/specs';
import type { Scenario } from '../core/types';
import { changeLabel, exoLossAt, formatValue, initialLiveValue, liveControls, scheduleMarks } from './liveParams';

// bl_describe's layout (version 2), abridged.
const buffer = {
  key: 'buffer',
  label: 'Buffer',
  unit: 'packets',
  type: 'int',
  default: 250,
  min: 1,
  max: 100000,
  live: true,
};
const specs = normalizeSpecs({
  groups: {
    queue: { selector: 'queue.kind', default: 'droptail', kinds: 'queue' },
    flows: {
      specs: [
        { key: 'weight', label: 'Weight', unit: '', type: 'number', default: 1, min: 0.01, max: 1000, live: true },
      ],
    },
  },
  kinds: {
    queue: {
      red: {
        help: '',
        specs: [
          buffer,
          {
            key: 'maxP',
            label: 'Max drop probability',
            unit: '',
            type: 'number',
            default: 0.1,
            min: 0,
            max: 1,
            live: true,
          },
          { key: 'gentle', label: 'Gentle', unit: '', type: 'bool', default: false, live: false },
        ],
      },
      droptail: {
        help: '',
        specs: [buffer],
      },
    },
  },
  live: {
    flow: [
      { key: 'exoLoss', label: 'Exogenous loss', unit: '', type: 'number', default: 0, min: 0, max: 1, live: true },
      { key: 'weight', label: 'Weight', unit: '', type: 'number', default: 1, min: 0.01, max: 1000, live: true },
      { key: 'active', label: 'Active', unit: '', type: 'bool', default: true, live: true },
    ],
    link: [
      { key: 'rate', label: 'Rate', unit: 'bit/s', type: 'number', default: 1e6, min: 1e3, max: 1e11, live: true },
    ],
  },
});

const scenario: Scenario = {
  version: 1,
  topology: { kind: 'dumbbell', bottleneckRate: 16e6 },
  queue: { kind: 'red', maxP: 0.2 },
  exoLoss: {
    kind: 'schedule',
    steps: [
      [0, 0],
      [20, 0.01],
      [40, 0.05],
    ],
  },
  flows: { count: 4 },
  flowOverrides: [{ flow: 2, weight: 3 }],
};

describe('live parameters', () => {
  it('offers the live specs of the flows, the current queue kind and the bottleneck link', () => {
    const c = liveControls(specs, scenario).map((x) => `${x.entity}/${x.key}`);
    expect(c).toEqual([
      'flows/exoLoss',
      'flows/weight',
      'queue.bottleneck/buffer',
      'queue.bottleneck/maxP',
      'link.bottleneck/rate',
    ]);
    const chain = liveControls(specs, { ...scenario, topology: { kind: 'chain' }, queue: { kind: 'droptail' } }).map(
      (x) => `${x.entity}/${x.key}`,
    );
    expect(chain).toContain('queue.AB/buffer');
    expect(chain).not.toContain('queue.AB/maxP');
  });
  it('reads current values from the scenario', () => {
    expect(exoLossAt(scenario, 10)).toBe(0);
    expect(exoLossAt(scenario, 25)).toBe(0.01);
    expect(exoLossAt(scenario, 40)).toBe(0.05);
    expect(initialLiveValue(specs, scenario, 'flows', 'exoLoss', 41)).toBe(0.05);
    expect(initialLiveValue(specs, scenario, 'flow.2', 'weight', 0)).toBe(3);
    expect(initialLiveValue(specs, scenario, 'flow.1', 'weight', 0)).toBe(1);
    expect(initialLiveValue(specs, scenario, 'queue.bottleneck', 'maxP', 0)).toBe(0.2);
    expect(initialLiveValue(specs, scenario, 'queue.bottleneck', 'buffer', 0)).toBe(250);
    expect(initialLiveValue(specs, scenario, 'link.bottleneck', 'rate', 0)).toBe(16e6);
  });
  it("reads a graph link's own queue, with its kind's defaults for what it leaves out", () => {
    const g = {
      version: 1,
      topology: {
        kind: 'graph',
        nodes: ['a', 'b', 'c'],
        links: [
          { name: 'L1', from: 'a', to: 'b', queue: { kind: 'droptail', buffer: 75 } },
          { name: 'L2', from: 'b', to: 'c', queue: { kind: 'red' } },
        ],
      },
    } as unknown as Scenario;
    expect(initialLiveValue(specs, g, 'queue.L1', 'buffer', 0)).toBe(75);
    expect(initialLiveValue(specs, g, 'queue.L2', 'maxP', 0)).toBe(0.1);
    expect(initialLiveValue(specs, g, 'queue.L3', 'buffer', 0)).toBe(250);
  });
  it("reads a chain hop's and a graph link's own rate, not the dumbbell's (or a default)", () => {
    const chain = {
      version: 1,
      topology: { kind: 'chain', rates: [100e6, 150e6, 50e6], hopDelay: 0.001, overlayFlows: 1, crossFlows: 1 },
    } as unknown as Scenario;
    expect(initialLiveValue(specs, chain, 'link.AB', 'rate', 0)).toBe(100e6);
    expect(initialLiveValue(specs, chain, 'link.CD', 'rate', 0)).toBe(50e6);
    expect(initialLiveValue(specs, chain, 'link.XY', 'rate', 0)).toBeNaN();
    const g = {
      version: 1,
      topology: {
        kind: 'graph',
        nodes: ['a', 'b'],
        links: [
          { name: 'L1', from: 'a', to: 'b', rate: 40e6 },
          { name: 'L2', from: 'b', to: 'a' },
        ],
      },
    } as unknown as Scenario;
    expect(initialLiveValue(specs, g, 'link.L1', 'rate', 0)).toBe(40e6);
    expect(initialLiveValue(specs, g, 'link.L2', 'rate', 0)).toBeNaN();
  });
  it('labels changes for the chart marks', () => {
    const exo = specs.find((s) => s.key === 'live.flow.exoLoss');
    expect(changeLabel(exo, 'flows', 'exoLoss', 0.01, 0.05)).toBe('exogenous loss 1% -> 5%');
    expect(
      changeLabel(
        specs.find((s) => s.key === 'live.flow.weight'),
        'flow.3',
        'weight',
        1,
        2,
      ),
    ).toBe('flow 3 weight 1 -> 2');
    expect(formatValue(16e6, { unit: 'bit/s', key: 'rate' })).toBe('16 Mb/s');
    expect(scheduleMarks(specs, scenario)).toEqual([
      { t: 20, label: 'exogenous loss 0% -> 1%' },
      { t: 40, label: 'exogenous loss 1% -> 5%' },
    ]);
  });
});
