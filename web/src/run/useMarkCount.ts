// Re-renders a panel when a parameter changes in the run (a mark is added: a scheduled step,
// a replayed or a new live change), without re-rendering on every metric block.
import { useSyncExternalStore } from 'react';
import type { SimController } from './simController';

export function useMarkCount(sim: SimController): number {
  return useSyncExternalStore(sim.store.subscribe.bind(sim.store), () => sim.store.marks.length);
}
