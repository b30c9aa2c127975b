// Renders the app into the page (loaded by main.tsx once the simulation worker is starting).
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { ErrorBoundary } from './app/ErrorBoundary';
import type { SimController } from './sim/simController';

export function mount(el: HTMLElement, sim: SimController, embed: boolean): void {
  createRoot(el).render(
    <StrictMode>
      <ErrorBoundary>
        <App sim={sim} embed={embed} />
      </ErrorBoundary>
    </StrictMode>,
  );
}
