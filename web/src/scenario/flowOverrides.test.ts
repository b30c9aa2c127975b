import { describe, expect, it } from 'vitest';
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { normalizeSpecs } from '../core/specs';
import type { Scenario } from '../core/types';
import { ccOf, ccSpec, overrideFields, overrideOf, withOverride } from './flowOverrides';

const blsim = join(__dirname, '../../../build/native/blsim');

function specs() {
  if (!existsSync(blsim)) throw new Error(`${blsim} is missing: build it with bash scripts/build-native.sh`);
  return normalizeSpecs(JSON.parse(execFileSync(blsim, ['--describe'], { encoding: 'utf8' })));
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
    expect(ccOf(a, overrideOf(a, 1), sp)).toBe('multcp');
    expect(ccOf(a, overrideOf(a, 0), sp)).toBe('cubic');
    const b = withOverride(withOverride(a, 1, {}), 3, {});
    expect(b.flowOverrides).toBeUndefined();
    expect(withOverride(b, 2, { stop: 9 }).flowOverrides).toEqual([{ flow: 2, stop: 9 }]);
  });
});
