// Entry point. The simulation worker starts first, from this small chunk, so that fetching and
// compiling the WASM core overlaps with loading the page's code (React, D3, the panels), which
// comes in a chunk of its own (mount.tsx).
import { SimController } from './run/simController';
import { firstVisit } from './scenario/firstVisit';
import './styles.css';

const params = new URLSearchParams(location.search);
// Embed mode: ?embed=1, or the embed.html page (same app, for hosts that drop query strings).
const embed = params.get('embed') === '1' || /\/embed(\.html)?\/?$/.test(location.pathname);
performance.mark('bl:main');
const sim = new SimController();
// A first visit (a bare address) runs the default scenario: asked for now, the worker builds it
// as soon as the core is ready, while the page's code is still loading (npm run bench:start).
if (location.hash.replace(/^#/, '').trim() === '') sim.startEarly(firstVisit);

// Offline use: the service worker precaches the whole build (about 2 MB). It is registered a few
// seconds after the first chart has data (or after 15 s), not at the page's load event, so that on
// a slow link its downloads do not compete with the core's and the page's and delay the first
// moving chart (npm run bench:start).
if ('serviceWorker' in navigator) {
  let done = false;
  const register = () => {
    if (done) return;
    done = true;
    off();
    clearTimeout(fallback);
    void navigator.serviceWorker.register('./sw.js', { scope: './' }).catch(() => {
      /* offline use is a bonus: the app runs without it */
    });
  };
  const off = sim.store.subscribe(() => {
    if (sim.store.rows > 0) setTimeout(register, 3000);
  });
  const fallback = setTimeout(register, 15_000);
}

import('./mount')
  .then(({ mount }) => mount(document.getElementById('root')!, sim, embed))
  .catch((e: unknown) => {
    const root = document.getElementById('root')!;
    root.textContent = `Bottleneck Lab could not load: ${e instanceof Error ? e.message : String(e)}. Reload the page to try again.`;
  });
