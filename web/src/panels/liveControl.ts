// A live control's value and its commit, shared by the live panel and the flow table: the core
// takes and keeps every live value as a number (an on/off flag as 1 or 0, bl_set_param), the
// control shows a flag as a checkbox (true/false) and a number in its box.
import type { Json, ParamSpec } from '../params/types';
import { refusalText } from '../params/specs';
import type { SimController } from '../run/simController';

/** The run's value of a live parameter as its control shows it (a flag as true/false); undefined when the run has none. */
export function liveShown(sim: SimController, entity: string, key: string, spec: ParamSpec): Json | undefined {
  const v = sim.liveValue(entity, key);
  if (!Number.isFinite(v)) return undefined;
  return spec.type === 'boolean' ? v !== 0 : v;
}

/**
 * A control's commit for a live parameter: the value to the core (a flag as 1 or 0); resolves
 * with the core's reason for refusing it, worded in the control's units (the core's range is SI:
 * 1.5 of exoLoss is 150 %), or null once applied.
 */
export function commitLive(
  sim: SimController,
  entity: string,
  key: string,
  spec: ParamSpec,
): (value: Json) => Promise<string | null> | undefined {
  return (value) => {
    const num = typeof value === 'boolean' ? Number(value) : value;
    if (typeof num !== 'number') return undefined;
    return sim.setParam(entity, key, num).then(
      () => null,
      (e: Error) => refusalText(e, spec),
    );
  };
}
