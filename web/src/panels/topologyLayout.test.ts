// The topology's link labels say what the run has, in human units: the scenario's values (else
// the core's defaults, from the describe document), the bottleneck rate as changed live.
import { describe, expect, it } from 'vitest';
import described from '../../test/fixtures/describe.json';
import { findSpec, normalizeSpecs } from '../core/specs';
import type { Scenario } from '../core/types';
import { layoutTopology } from './topologyLayout';

const specs = normalizeSpecs(described);
const labels = (s: Scenario, rate?: number) =>
  layoutTopology(s, specs, 2, 600, 230, rate)
    .links.map((l) => l.label)
    .filter((l): l is string => l !== undefined);

describe('dumbbell labels', () => {
  it('one access delay when every flow has the same; rates in the unit people read (1 Gb/s)', () => {
    const s: Scenario = {
      version: 1,
      topology: {
        kind: 'dumbbell',
        bottleneckRate: 1e8,
        bottleneckDelay: 2e-4,
        accessRate: 1e9,
        accessDelayMin: 0.005,
        accessDelayMax: 0.005,
      },
    };
    expect(labels(s)).toEqual(['100 Mb/s, 200 µs', 'access 1 Gb/s, 5 ms']);
    s.topology = { ...(s.topology as object), accessDelayMax: 0.008 };
    expect(labels(s)[1]).toBe('access 1 Gb/s, 5 ms to 8 ms');
  });
  it("fields the scenario leaves out are the core's defaults", () => {
    const dflt = (k: string) => findSpec(specs, `topology.${k}`, () => 'dumbbell')!.default;
    expect(dflt('bottleneckRate')).toBe(16e6);
    expect(labels({ version: 1 })[0]).toBe(`16 Mb/s, ${Number(dflt('bottleneckDelay')) * 1000} ms`);
  });
  it('the bottleneck rate as changed live, not as the scenario started', () => {
    expect(labels({ version: 1, topology: { kind: 'dumbbell', bottleneckRate: 16e6 } }, 5e6)[0]).toMatch(/^5 Mb\/s, /);
  });
});
