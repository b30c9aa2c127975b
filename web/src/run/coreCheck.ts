// The core's check (bl_check) for the panels: a panel asks whether its draft scenario is one the
// core accepts, and shows each problem at its field with the range the core gives. The check
// runs in the simulation worker, so it is asked a moment after the last edit (typing does not
// queue a check per key) and an answer that arrives for an older draft is ignored.
import { createContext, useContext, useEffect, useState } from 'react';
import type { CheckProblem, CheckResult } from '../../../wasm-core/js/binding.mjs';
import type { Scenario } from '../params/types';

export type CheckFn = (scenario: Scenario) => Promise<CheckResult>;

/** The page's check function (SimController.check); null where no simulator is (tests, static pages). */
export const CoreCheckContext = createContext<CheckFn | null>(null);

/** Milliseconds after the last edit before the draft is checked. */
export const CHECK_DELAY_MS = 150;

export interface CoreProblems {
  /** The problems of the draft as last checked ([] when it passed, or nothing was checked). */
  problems: CheckProblem[];
  /** The draft changed and its check has not answered yet. */
  pending: boolean;
}

/** bl_check's problems of `scenario` (null: nothing to check), asked CHECK_DELAY_MS after it last changed. */
export function useCoreProblems(scenario: Scenario | null): CoreProblems {
  const check = useContext(CoreCheckContext);
  const key = scenario && check ? JSON.stringify(scenario) : '';
  const [answer, setAnswer] = useState<{ key: string; problems: CheckProblem[] }>({ key: '', problems: [] });
  useEffect(() => {
    if (!key || !check) return;
    let alive = true;
    const timer = setTimeout(() => {
      check(JSON.parse(key) as Scenario).then(
        (r) => {
          if (alive) setAnswer({ key, problems: r.ok ? [] : r.problems });
        },
        (e: Error) => {
          if (alive)
            setAnswer({
              key,
              problems: [{ path: '', message: e.message, value: null, range: null, options: null, default: null }],
            });
        },
      );
    }, CHECK_DELAY_MS);
    return () => {
      alive = false;
      clearTimeout(timer);
    };
  }, [key, check]);
  if (!key) return { problems: [], pending: false };
  return answer.key === key ? { problems: answer.problems, pending: false } : { problems: [], pending: true };
}
