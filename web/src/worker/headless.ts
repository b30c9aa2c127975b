// A headless run, for sweeps: create, run to the end in one go, summarise, destroy. Metric
// blocks are drained and dropped every simulated second so memory stays bounded; nothing
// streams to the page. A sweep worker holds no interactive run, so blocking it is fine (the
// page cancels a sweep by terminating its workers).
import type { Scenario, Summary } from '../core/types';
import type { FromWorker } from './protocol';
import { type BlBinding, RUN } from '../core/binding.mjs';

const SLICE_SIM_SECONDS = 1;

export function runHeadless(core: BlBinding, runId: number, scenario: Scenario): FromWorker {
  const started = performance.now();
  let h: number;
  try { h = core.create(JSON.stringify(scenario)); } catch (e) {
    return { type: 'headlessFailed', runId, error: e instanceof Error ? e.message : String(e) };
  }
  try {
    for (;;) {
      const rc = core.runUntil(h, core.now(h) + SLICE_SIM_SECONDS, 0);
      core.discard(h);
      if (rc === RUN.ERROR) return { type: 'headlessFailed', runId, error: core.lastError() || 'simulation error' };
      if (rc === RUN.FINISHED) break;
    }
    return { type: 'headlessDone', runId, summary: core.summary(h) as Summary, ms: performance.now() - started };
  } finally {
    core.destroy(h);
  }
}
