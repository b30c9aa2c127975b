// flowRules: what the legends name beside a flow's number (its window rule), only when the run's
// flows differ in it, so a chart of BBR against CUBIC says which line is which.
import { describe, expect, it } from 'vitest';
import described from '../../test/fixtures/describe.json';
import { normalizeSpecs } from '../core/specs';
import type { Scenario } from '../core/types';
import { flowRules } from './flowOverrides';
import { findPreset } from './presets';

const specs = normalizeSpecs(described);

describe('flowRules', () => {
  it('nothing when every flow runs the same rule (its own or the default)', () => {
    expect(flowRules(specs, { version: 1, flows: { count: 3, cc: 'cubic' } }, 3)).toBeNull();
    expect(flowRules(specs, { version: 1 }, 20)).toBeNull();
    expect(flowRules(specs, { version: 1, flowOverrides: [{ flow: 0, cc: 'bbr' }] }, 1)).toBeNull();
  });
  it("each flow's rule when they differ: the flow's own entry, else the scenario's", () => {
    const s: Scenario = { version: 1, flows: { count: 3, cc: 'cubic' }, flowOverrides: [{ flow: 0, cc: 'bbr' }] };
    expect(flowRules(specs, s, 3)).toEqual(['bbr', 'cubic', 'cubic']);
  });
  it('names BBR and CUBIC in the bbr-vs-cubic preset, and mulTCP against the default rule', () => {
    expect(flowRules(specs, findPreset('bbr-vs-cubic')!.scenario, 2)).toEqual(['bbr', 'cubic']);
    expect(flowRules(specs, findPreset('multcp-vs-tcp')!.scenario, 2)).toEqual(['multcp', 'aimd']);
  });
});
