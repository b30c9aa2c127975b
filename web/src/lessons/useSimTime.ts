// Simulated time for React, rounded to `step` seconds so a panel re-renders a few times per
// simulated second at most, not on every metric block.
import { useSyncExternalStore } from 'react';
import type { SimController } from '../run/simController';

export function useSimTime(sim: SimController, step = 0.5): number {
  return useSyncExternalStore(
    sim.store.subscribe.bind(sim.store),
    () => Math.floor(sim.store.now / step + 1e-9) * step,
  );
}
