// Charts in a fixed-size embed fill the cell their grid gives them (embed/fit.ts): the plot takes
// the height the layout leaves it instead of its own fixed height.
import { createContext } from 'react';

export const ChartFill = createContext(false);
