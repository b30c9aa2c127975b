import { describe, expect, it } from 'vitest';
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { normalizeSpecs } from '../params/specs';
import type { Scenario } from '../params/types';
import {
  ccOf,
  ccSpec,
  flowValue,
  inheritedOf,
  defaultSource,
  overrideFields,
  overrideOf,
  withOverride,
  withRule,
} from './flowOverrides';

const blsim = join(__dirname, '../../../build/native/blsim');

function specs() {
  if (!existsSync(blsim)) throw new Error(`${blsim} is missing: build it with bash scripts/build-native.sh`);
  return normalizeSpecs(JSON.parse(execFileSync(blsim, ['--describe'], { encoding: 'utf8' })));
}

/** The core's problems with a scenario (blsim --check; it exits 1 when it lists some). */
function coreProblems(s: Scenario): unknown[] {
  const file = join(mkdtempSync(join(tmpdir(), 'bl-override-')), 's.json');
  writeFileSync(file, JSON.stringify(s));
  return JSON.parse(spawnSync(blsim, ['--check', file], { encoding: 'utf8' }).stdout).problems as unknown[];
}

describe('flowOverrides', () => {
  const sp = specs();

  it('offers the flow fields a flow can set on its own, from the core specs, and the rule parameters', () => {
    const paths = overrideFields(sp, 'aimd').map((f) => f.path);
    expect(paths).toEqual(expect.arrayContaining(['start', 'stop', 'tcp', 'initialCwnd', 'minRto', 'ecn']));
    // The count and the start spread are scenario-wide; weight and deadline are set live.
    for (const p of ['count', 'startSpread', 'weight', 'deadline', 'cc', 'ccParams']) expect(paths).not.toContain(p);
    const multcp = overrideFields(sp, 'multcp').map((f) => f.path);
    expect(multcp).toContain('ccParams.N');
    // Each rule offers its own parameters only: AIMD its ACK counting, not mulTCP's N.
    expect(paths.filter((p) => p.startsWith('ccParams.'))).toEqual(['ccParams.ackCounting']);
    expect(ccSpec(sp)?.options).toEqual(expect.arrayContaining(['aimd', 'cubic', 'multcp']));
  });

  it("replaces one flow's entry in place, removes an emptied one, and reads the rule it runs", () => {
    const s: Scenario = {
      version: 1,
      flows: { count: 4, cc: 'cubic' },
      flowOverrides: [
        { flow: 1, weight: 2 },
        { flow: 3, start: 5 },
      ],
    };
    expect(overrideOf(s, 3)).toEqual({ start: 5 });
    expect(overrideOf(s, 0)).toEqual({});
    const a = withOverride(s, 1, { weight: 2, cc: 'multcp', ccParams: { N: 8 } });
    expect(a.flowOverrides).toEqual([
      { flow: 1, weight: 2, cc: 'multcp', ccParams: { N: 8 } },
      { flow: 3, start: 5 },
    ]);
    expect(s.flowOverrides).toHaveLength(2); // the input is left as it was
    expect(ccOf(inheritedOf(a, 1, sp), overrideOf(a, 1), sp)).toBe('multcp');
    expect(ccOf(inheritedOf(a, 0, sp), overrideOf(a, 0), sp)).toBe('cubic');
    const b = withOverride(withOverride(a, 1, {}), 3, {});
    expect(b.flowOverrides).toBeUndefined();
    expect(withOverride(b, 2, { stop: 9 }).flowOverrides).toEqual([{ flow: 2, stop: 9 }]);
  });

  it("reads a graph flow's own rule and values before the defaults, in the order describe's fallback gives", () => {
    // The core's order for an override's ccParams, read from describe, not restated here.
    expect(sp.find((x) => x.key === 'flowOverrides[].cc')?.fallback).toEqual(['topology.flows[flow].cc', 'flows.cc']);
    const s: Scenario = {
      version: 1,
      flows: { cc: 'aimd', start: 1, ccParams: { ackCounting: 'perAck' } },
      topology: {
        kind: 'graph',
        nodes: ['a', 'b'],
        links: [{ from: 'a', to: 'b' }],
        flows: [
          { src: 'a', dst: 'b', cc: 'multcp', ccParams: { N: 3 }, start: 2 },
          { src: 'b', dst: 'a' },
        ],
      },
      flowOverrides: [{ flow: 0, stop: 9 }],
    };
    const n = overrideFields(sp, 'multcp').find((f) => f.path === 'ccParams.N')!.spec;
    const start = overrideFields(sp, 'multcp').find((f) => f.path === 'start')!.spec;
    const own0 = inheritedOf(s, 0, sp);
    // Flow 0 runs its own multcp with N = 3 and starts at 2 s; its entry's stop is its own.
    expect(ccOf(own0, overrideOf(s, 0), sp)).toBe('multcp');
    expect(flowValue(own0, overrideOf(s, 0), 'ccParams.N', n)).toBe(3);
    expect(flowValue(own0, overrideOf(s, 0), 'start', start)).toBe(2);
    expect(flowValue(own0, overrideOf(s, 0), 'stop', start)).toBe(9);
    // An entry's ccParams replace the flow's whole object (the builders merge whole keys).
    expect(flowValue(own0, { ccParams: { set: 'sqrt' } }, 'ccParams.N', n)).toBe(n.default);
    // Flow 1 sets nothing of its own: the scenario's defaults.
    const own1 = inheritedOf(s, 1, sp);
    expect(ccOf(own1, {}, sp)).toBe('aimd');
    expect(flowValue(own1, {}, 'start', start)).toBe(1);
    // Without its entry, flow 0 keeps its graph entry's rule, N and start, but takes the scenario's stop.
    expect(defaultSource(s, own0, 'cc')).toBe('graph');
    expect(defaultSource(s, own0, 'ccParams.N')).toBe('graph');
    expect(defaultSource(s, own0, 'start')).toBe('graph');
    expect(defaultSource(s, own0, 'stop')).toBe('scenario');
    expect(defaultSource(s, own1, 'start')).toBe('scenario');
    // A dumbbell has no topology.flows: the defaults only.
    expect(inheritedOf({ version: 1, flows: { cc: 'cubic' } }, 0, sp)).toEqual([{ cc: 'cubic' }]);
    const bell: Scenario = { version: 1, flows: { start: 3 } };
    expect(defaultSource(bell, inheritedOf(bell, 0, sp), 'start')).toBe('scenario');
    // What the page reads is what the core accepts: N = 3 goes with multcp, not aimd.
    expect(coreProblems(withOverride(s, 0, { stop: 9, ccParams: { N: 4 } }))).toEqual([]);
  });

  it("a flow's new rule does not take the parameters made for the rule it inherits", () => {
    const s: Scenario = { version: 1, duration: 2, flows: { count: 2, cc: 'multcp', ccParams: { N: 3 } } };
    const inherited = inheritedOf(s, 0, sp);
    // AIMD for flow 0: the whole-key merge would hand it mulTCP's N, which the core refuses.
    const aimd = withRule({ start: 1, ccParams: { N: 5 } }, 'aimd', inherited, sp);
    expect(aimd).toEqual({ start: 1, cc: 'aimd', ccParams: {} });
    expect(coreProblems(withOverride(s, 0, aimd))).toEqual([]);
    expect(coreProblems(withOverride(s, 0, { start: 1, cc: 'aimd' })).length).toBeGreaterThan(0);
    // Back to the inherited rule, chosen or by default: its inherited parameters apply again.
    expect(withRule(aimd, 'multcp', inherited, sp)).toEqual({ start: 1, cc: 'multcp' });
    expect(withRule(aimd, undefined, inherited, sp)).toEqual({ start: 1 });
    const n = overrideFields(sp, 'multcp').find((f) => f.path === 'ccParams.N')!.spec;
    expect(flowValue(inherited, withRule(aimd, undefined, inherited, sp), 'ccParams.N', n)).toBe(3);
    // Nothing inherited to shadow: no empty object.
    expect(withRule({}, 'cubic', inheritedOf({ version: 1 }, 0, sp), sp)).toEqual({ cc: 'cubic' });
  });
});
