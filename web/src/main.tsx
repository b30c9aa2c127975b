import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { ErrorBoundary } from './app/ErrorBoundary';
import { SimController } from './app/simController';
import './styles.css';

const params = new URLSearchParams(location.search);
// Embed mode: ?embed=1, or the embed.html page (same app, for hosts that drop query strings).
const embed = params.get('embed') === '1' || /\/embed(\.html)?\/?$/.test(location.pathname);
performance.mark('bl:main');
const sim = new SimController();

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <ErrorBoundary>
      <App sim={sim} embed={embed} />
    </ErrorBoundary>
  </StrictMode>,
);
