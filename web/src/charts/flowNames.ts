// What a legend says beside a flow's number: its window rule when the run's flows differ in it
// ("0 BBR", "1 CUBIC"; chartContext.flowRuleNames, from the manifest), provided by the charts area. Absent
// (compare mode, or flows that all run one rule): the number alone.
import { createContext } from 'react';

export const FlowNames = createContext<readonly string[] | null>(null);
