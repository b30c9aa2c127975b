// A headless run, for sweeps: create, run to the end in one go, summarise, destroy. Metric
// blocks are drained and dropped every simulated second so memory stays bounded; nothing
// streams to the page. A sweep worker holds no interactive run, so blocking it is fine (the
// page cancels a sweep by terminating its workers).
import type { Scenario, Summary } from '../params/types';
import { type BlBinding, RUN } from '../../../wasm-core/js/binding.mjs';

const SLICE_SIM_SECONDS = 1;

/** Runs `scenario` to its end: its summary and wall ms, or throws the core's error. */
export function runHeadless(core: BlBinding, scenario: Scenario): { summary: Summary; ms: number } {
  const started = performance.now();
  const h = core.create(JSON.stringify(scenario));
  try {
    for (;;) {
      const rc = core.runUntil(h, core.now(h) + SLICE_SIM_SECONDS, 0);
      core.discard(h);
      // An error, or a run past its work budget (stopped for good): the core says why.
      if (rc === RUN.ERROR || rc === RUN.BUDGET) throw new Error(core.lastError() || 'simulation error');
      if (rc === RUN.FINISHED) break;
    }
    return { summary: core.summary(h) as Summary, ms: performance.now() - started };
  } finally {
    core.destroy(h);
  }
}
