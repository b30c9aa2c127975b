// Charts drawn more than once on a page (compare mode's side A and side B) each get a scope:
// their ids ("throughput.b"), titles and test statistics stay apart, and overlays meant for the
// main run (the fluid model) do not appear on them.
import { createContext } from 'react';

export interface ChartScopeValue {
  id: string;
  label: string;
}

export const ChartScope = createContext<ChartScopeValue | null>(null);
