// Renders the app into the page (loaded by main.tsx once the simulation worker is starting).
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { ErrorBoundary } from './app/ErrorBoundary';
import type { SimController } from './run/simController';
import { CoreCheckContext } from './run/coreCheck';
import type { Scenario } from './params/types';

performance.mark('bl:mount'); // the page's chunk (React, D3, the panels) has loaded and run

export function mount(el: HTMLElement, sim: SimController, embed: boolean): void {
  // The panels check their drafts with the core (bl_check) through this simulator's worker.
  const check = (scenario: Scenario) => sim.check(scenario);
  createRoot(el).render(
    <StrictMode>
      <ErrorBoundary>
        <CoreCheckContext.Provider value={check}>
          <App sim={sim} embed={embed} />
        </CoreCheckContext.Provider>
      </ErrorBoundary>
    </StrictMode>,
  );
}
