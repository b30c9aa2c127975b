// What the page's state offers the parts that change it (lessons, panels): the state kept in the
// URL and the calls that change it. Implemented by app/useAppState.ts; declared here, beside the
// URL's state, so that a lesson can use it without importing the app.
import type { Scenario } from '../params/types';
import type { SweepConfig } from '../sweep/sweepConfig';
import type { AppState, LessonPosition } from './scenarioUrl';
import type { TeachState } from './teachingUrl';
import type { ViewState } from './viewState';

export interface AppStateApi {
  state: AppState;
  loaded: boolean;
  notices: string[];
  errors: string[];
  /** The simulator's worker crashed and was replaced: what the page says about it. */
  crash: string[];
  dismissCrash: () => void;
  dismissNotices: () => void;
  dismissErrors: () => void;
  addError: (m: string) => void;
  /**
   * Runs a scenario from time 0. The live changes made so far are dropped unless `keepLive`
   * (the editor asks which: "Run with the N live changes" / "Run without them").
   */
  applyScenario: (preset: string, scenario: Scenario, keepLive?: boolean) => void;
  /** Set when a bare lesson link (#lesson=ID&step=N) was opened: the lesson panel starts that step. */
  stepRequest: LessonPosition | null;
  clearStepRequest: () => void;
  /** Replaces the whole state (a lesson step) and starts its run; `dropped` is shown as notices. */
  applyState: (next: AppState, dropped: string[], autoplay: boolean) => void;
  setView: (p: Partial<ViewState>) => void;
  /** Opens, changes or (null) closes the sweep panel; part of the URL. */
  setSweep: (s: SweepConfig | null) => void;
  /** Compare mode and student mode (the lock list is fixed once the page is loaded). */
  setTeach: (p: Partial<Omit<TeachState, 'unlock'>>) => void;
  reset: () => void;
  /** A finished run: the same scenario and live changes again from time 0, playing. */
  runAgain: () => void;
  /**
   * A finished run, run longer: the duration times `factor` (capped at the core's limit), the
   * same live changes; the part already seen is replayed as fast as possible (one seed, one
   * result, so it is the same run), then it plays on at the chosen speed. Resolves with the
   * core's reason when the longer run is refused, else null.
   */
  runLonger: (factor: number) => Promise<string | null>;
}
