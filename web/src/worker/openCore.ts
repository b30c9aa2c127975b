// Loading the core in the worker, and everything that can go wrong on the way, each named: the
// module could not be fetched or compiled (load), it lacks functions this page calls (abi), its
// bl_describe failed (describe), or it describes another version than this page reads (version).
// A module built from other sources than the page must not half work (panels without specs,
// nothing said), so any of these refuses it and the page says what failed and what to do.
import { BlBinding, describeProblem, missingFunctions } from '../../../wasm-core/js/binding.mjs';
import type { BlCoreModule } from '../generated/blcore.mjs';
import type { CoreStage } from './protocol';

export type OpenedCore = { ok: true; core: BlBinding; specs: unknown } | { ok: false; stage: CoreStage; error: string };

function text(e: unknown): string {
  return e instanceof Error ? `${e.name}: ${e.message}` : String(e);
}

/** Loads the module with `load` and checks it can serve this page. Never throws. */
export async function openCore(load: () => Promise<BlCoreModule>): Promise<OpenedCore> {
  let m: BlCoreModule;
  try {
    m = await load();
  } catch (e) {
    return { ok: false, stage: 'load', error: `blcore.wasm could not be loaded: ${text(e)}` };
  }
  const missing = missingFunctions(m);
  if (missing.length)
    return {
      ok: false,
      stage: 'abi',
      error: `the simulator core lacks ${missing.join(', ')}: it was built from older sources than this page`,
    };
  const core = new BlBinding(m);
  let specs: unknown;
  try {
    specs = core.describe();
  } catch (e) {
    return { ok: false, stage: 'describe', error: `bl_describe failed: ${text(e)}` };
  }
  const problem = describeProblem(specs);
  if (problem) return { ok: false, stage: 'version', error: problem };
  return { ok: true, core, specs };
}
