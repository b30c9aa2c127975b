// Loading the core: each way it can fail is refused with its stage and a message naming what
// failed; a good module passes with its describe document.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ABI_FUNCTIONS, DESCRIBE_VERSION } from '../../../wasm-core/js/binding.mjs';
import type { BlCoreModule } from '../generated/blcore.mjs';
import { openCore } from './openCore';

const snapshot = readFileSync(path.resolve(__dirname, '../../test/fixtures/describe.json'), 'utf8');

/** A module whose bl_describe returns `describe` (or throws it). */
function moduleWith(describeText: string | Error, leave: string[] = []): BlCoreModule {
  const m: Record<string, unknown> = {};
  for (const f of ABI_FUNCTIONS) if (!leave.includes(f)) m[f] = () => 1;
  m._bl_describe = () => {
    if (describeText instanceof Error) throw describeText;
    return 1;
  };
  m.UTF8ToString = () => describeText;
  return m as unknown as BlCoreModule;
}

describe('openCore', () => {
  it('passes a module that has every function and describes the version the page reads', async () => {
    const r = await openCore(() => Promise.resolve(moduleWith(snapshot)));
    expect(r.ok).toBe(true);
    if (r.ok) expect(r.specs).toEqual(JSON.parse(snapshot));
  });
  it('a module that cannot be fetched or compiled: stage load, with the reason', async () => {
    const r = await openCore(() => Promise.reject(new WebAssembly.CompileError('expected magic word 00 61 73 6d')));
    expect(r).toEqual({
      ok: false,
      stage: 'load',
      error: 'blcore.wasm could not be loaded: CompileError: expected magic word 00 61 73 6d',
    });
  });
  it('a module without a function the page calls: stage abi, naming it', async () => {
    const r = await openCore(() => Promise.resolve(moduleWith(snapshot, ['_bl_check'])));
    expect(r).toMatchObject({ ok: false, stage: 'abi' });
    if (!r.ok) expect(r.error).toContain('lacks bl_check');
  });
  it('bl_describe that throws, or answers what is not JSON: stage describe', async () => {
    const trap = await openCore(() => Promise.resolve(moduleWith(new WebAssembly.RuntimeError('unreachable'))));
    expect(trap).toMatchObject({
      ok: false,
      stage: 'describe',
      error: 'bl_describe failed: RuntimeError: unreachable',
    });
    const garbled = await openCore(() => Promise.resolve(moduleWith(`{"version": ${DESCRIBE_VERSION},`)));
    expect(garbled).toMatchObject({ ok: false, stage: 'describe' });
  });
  it('a core that describes another version (an old build): stage version, naming both', async () => {
    const old = JSON.stringify({ ...JSON.parse(snapshot), version: 1 });
    const r = await openCore(() => Promise.resolve(moduleWith(old)));
    expect(r).toMatchObject({ ok: false, stage: 'version' });
    if (!r.ok)
      expect(r.error).toBe(
        `the core describes its parameters in version 1; this page reads version ${DESCRIBE_VERSION}`,
      );
  });
});
