// The committed snapshot of bl_describe (web/test/fixtures/describe.json), which the front end's
// unit tests read, is the current core's output: regenerate with npm run describe:snapshot.
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { normalizeSpecs } from './specs';
import { DESCRIBE_VERSION } from '../../../wasm-core/js/binding.mjs';

const root = path.resolve(__dirname, '../../..');
const blsim = path.join(root, 'build/native/blsim');

describe('the describe snapshot', () => {
  it('is what this core describes', () => {
    if (!existsSync(blsim)) throw new Error(`${blsim} is missing: build it with bash scripts/build-native.sh`);
    const live = JSON.parse(execFileSync(blsim, ['--describe'], { encoding: 'utf8' })) as unknown;
    const snap = JSON.parse(readFileSync(path.join(root, 'web/test/fixtures/describe.json'), 'utf8')) as unknown;
    expect(snap, 'web/test/fixtures/describe.json is stale: run npm run describe:snapshot').toEqual(live);
  });
  it('is the version the page reads, with every kind a group names', () => {
    const snap = JSON.parse(readFileSync(path.join(root, 'web/test/fixtures/describe.json'), 'utf8')) as {
      version: number;
      groups: Record<string, { kinds?: string }>;
      kinds: Record<string, unknown>;
    };
    expect(snap.version).toBe(DESCRIBE_VERSION);
    for (const [p, g] of Object.entries(snap.groups)) if (g.kinds) expect(snap.kinds[g.kinds], p).toBeDefined();
    expect(normalizeSpecs(snap).length).toBeGreaterThan(100);
  });
});

describe("the core's help texts", () => {
  it('say an unset value as the page shows it (an empty box), never as JSON null', () => {
    // The TED queue's Default deadline read "(null: they never expire)"; the scenario editor
    // shows an unset value as an empty box ("none"), and a student never meets JSON's null.
    const snap = readFileSync(path.join(root, 'web/test/fixtures/describe.json'), 'utf8');
    const helps: string[] = [];
    JSON.parse(snap, (key, v: unknown) => {
      if ((key === 'help' || key === 'optionHelp') && typeof v === 'string') helps.push(v);
      if (key === 'optionHelp' && v && typeof v === 'object') helps.push(...Object.values(v as Record<string, string>));
      return v;
    });
    expect(helps.length).toBeGreaterThan(100);
    expect(helps.filter((h) => /\bnull\b/.test(h))).toEqual([]);
    expect(helps).toContain('Deadline for packets whose flow has none (left empty: they never expire).');
  });
});
