// The real core for unit tests: the WebAssembly module the page's worker loads
// (web/src/generated/blcore.mjs, built by `npm run build:wasm`), through the binding the worker
// uses (wasm-core/js/binding.mjs). Runs are made, changed live and read back (bl_manifest) exactly
// as the page's worker does, without a browser.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { BlBinding, type CheckResult } from '../../wasm-core/js/binding.mjs';
import type { Manifest, Scenario } from '../src/params/types';

const dir = path.resolve(__dirname, '../src/generated');

/** Whether the module has been built (tests that need it are skipped, named, without it). */
export const haveWasm = existsSync(path.join(dir, 'blcore.mjs')) && existsSync(path.join(dir, 'blcore.wasm'));

/** One run of the core: made, advanced, changed live, read back. */
export interface CoreRun {
  runUntil(t: number): void;
  /** null when the core applied it, else its reason (bl_set_param). */
  setParam(entity: string, key: string, value: number): string | null;
  manifest(): Manifest;
  destroy(): void;
}

export interface WasmCore {
  describe(): unknown;
  check(s: Scenario): CheckResult;
  create(s: Scenario): CoreRun;
}

export async function loadWasmCore(): Promise<WasmCore> {
  const { default: create } = (await import(/* @vite-ignore */ path.join(dir, 'blcore.mjs'))) as {
    default: (o: object) => Promise<ConstructorParameters<typeof BlBinding>[0]>;
  };
  const b = new BlBinding(await create({ wasmBinary: readFileSync(path.join(dir, 'blcore.wasm')) }));
  return {
    describe: () => b.describe(),
    check: (s) => b.check(JSON.stringify(s)),
    create(s) {
      const h = b.create(JSON.stringify(s));
      return {
        runUntil: (t) => {
          b.runUntil(h, t, 0);
          b.discard(h);
        },
        setParam: (e, k, v) => b.setParam(h, e, k, v),
        manifest: () => b.manifest(h) as Manifest,
        destroy: () => b.destroy(h),
      };
    },
  };
}
