// The page's first script (built sites only): starts the simulation worker as soon as it has
// arrived, before the page's entry chunk runs. index.html loads it `async` from assets/
// (web/vite.config.ts, plugin bl-boot-worker, which writes the worker's built file name in place
// of the placeholder below). The entry chunk runs only once its imports and the stylesheet are
// in: on a cold desktop visit 0.1 s after this script (npm run bench:start, docs/bench.md), and
// the worker, the core's fetch and its compilation start that much earlier.
//
// What the worker sends before the page's code takes it is kept, in order, and handed over with
// it: worker/client.ts (simWorker) takes it once, from self.__blBoot. Once the page's code has
// asked for a worker, __blBoot is null and this script, if it comes late, starts none.
// Plain JavaScript with no imports: copied as it is, not bundled.
(() => {
  if (typeof Worker !== 'function' || self.__blBoot !== undefined) return;
  performance.mark('bl:boot'); // (npm run bench:start)
  let worker;
  try {
    worker = new Worker(new URL('./__BL_SIM_WORKER__', import.meta.url), { type: 'module' });
  } catch {
    return; // the page's own code starts one, and says so if it cannot
  }
  const backlog = [];
  const keep = (ev) => void backlog.push(ev);
  worker.onmessage = keep;
  worker.onerror = keep;
  self.__blBoot = { worker, backlog };
})();
