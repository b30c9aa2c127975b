/// <reference lib="webworker" />
// The simulation worker's entry: small on purpose. It starts fetching the core the moment it runs,
// keeps the page's messages, and only then loads the worker's code (workerMain.ts, a chunk of its
// own) while the core downloads. When the entry was the whole worker (35 kB), the core's fetch
// waited for all of it to arrive and run: on a 1.6 Mb/s phone link that was 0.4 s after the worker
// was made, with the link half idle (docs/bench.md, npm run bench:start).
import type { ToWorker } from './protocol';
import { wasmResponse } from './wasmBytes';

declare const self: DedicatedWorkerGlobalScope;

// A performance mark the start-up benchmark reads: the worker's first code ran.
performance.mark('bl:worker');

const gzUrl = new URL('../generated/blcore.wasm.gz', import.meta.url).href;
const plainUrl = new URL('../generated/blcore.wasm', import.meta.url).href;
const coreFile = wasmResponse(gzUrl, plainUrl);
// (Its failure is reported by workerMain, which reads it; not as an unhandled rejection first.)
coreFile.catch(() => {});

const early: MessageEvent<ToWorker>[] = [];
self.onmessage = (ev: MessageEvent<ToWorker>) => void early.push(ev);

import('./workerMain')
  .then(({ start }) => start(coreFile, early))
  .catch((e: unknown) => {
    // The worker's code could not load (offline before the service worker had it, a broken
    // build): the page shows the core as not loaded, as for a core that cannot be fetched.
    const error = e instanceof Error ? `${e.name}: ${e.message}` : String(e);
    self.postMessage({ type: 'fatal', stage: 'load', error: `the simulation worker could not be loaded: ${error}` });
  });
