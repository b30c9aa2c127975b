// Entry point. The simulation worker starts first, from this small chunk, so that fetching and
// compiling the WASM core overlaps with loading the page's code (React, D3, the panels), which
// comes in a chunk of its own (mount.tsx).
import { SimController } from './sim/simController';
import './styles.css';

const params = new URLSearchParams(location.search);
// Embed mode: ?embed=1, or the embed.html page (same app, for hosts that drop query strings).
const embed = params.get('embed') === '1' || /\/embed(\.html)?\/?$/.test(location.pathname);
performance.mark('bl:main');
const sim = new SimController();

import('./mount')
  .then(({ mount }) => mount(document.getElementById('root')!, sim, embed))
  .catch((e: unknown) => {
    const root = document.getElementById('root')!;
    root.textContent = `Bottleneck Lab could not load: ${e instanceof Error ? e.message : String(e)}. Reload the page to try again.`;
  });
