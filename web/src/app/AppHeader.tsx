// The first screen's header, one line at 1280 px: the name, Lessons, Copy link and "More". The
// rest waits one click, in groups: sharing and export (ShareMenu), instructor and research
// tools (compare, sweep, student mode), display (theme). Every one keeps its URL key.
import type { SimController, SimSnapshot } from '../run/simController';
import type { AppStateApi } from './useAppState';
import { ShareMenu } from '../panels/ShareMenu';
import { CompareChooser } from '../compare/CompareChooser';
import { sweepFor } from '../sweep/sweepParams';
import { THEMES, type Theme } from '../url/viewState';
import { LESSONS_ROUTE } from '../lessons/lessonRoute';

export function AppHeader({ sim, snap, app }: { sim: SimController; snap: SimSnapshot; app: AppStateApi }) {
  const { state } = app;
  const { unlock } = state.teach;
  return (
    <header className="app-head">
      <h1>Bottleneck Lab</h1>
      <span className="head-gap" />
      {unlock === null ? (
        <a href={LESSONS_ROUTE} className="head-link">
          Lessons
        </a>
      ) : (
        <span className="muted small" title={`Only ${unlock.join(', ') || 'nothing'} may change`}>
          Locked by the instructor
        </span>
      )}
      <ShareMenu
        sim={sim}
        state={state}
        specs={snap.specs}
        onError={app.addError}
        more={
          <>
            {unlock === null ? <InstructorGroup snap={snap} app={app} /> : null}
            <div className="head-more-group" role="group" aria-label="Display">
              <span className="head-more-title" aria-hidden="true">
                Display
              </span>
              <label className="inline">
                Theme
                <select value={state.view.theme} onChange={(e) => app.setView({ theme: e.target.value as Theme })}>
                  {THEMES.map((t) => (
                    <option key={t} value={t}>
                      {t}
                    </option>
                  ))}
                </select>
              </label>
            </div>
          </>
        }
      />
    </header>
  );
}

/** The "More" menu's instructor and research tools: compare, sweep, student mode. */
function InstructorGroup({ snap, app }: { snap: SimSnapshot; app: AppStateApi }) {
  const { state } = app;
  const { compare, student } = state.teach;
  return (
    <div className="head-more-group" role="group" aria-label="Instructor and research">
      <span className="head-more-title" aria-hidden="true">
        Instructor and research
      </span>
      {!compare && snap.specs.length ? (
        <CompareChooser specs={snap.specs} scenario={state.scenario} onCompare={(d) => app.setTeach({ compare: d })} />
      ) : null}
      {!compare ? (
        <button
          type="button"
          aria-pressed={state.sweep !== null}
          onClick={() => app.setSweep(state.sweep ? null : sweepFor(state.scenario, snap.specs, snap.manifest))}
          title="Run a parameter grid across web workers and plot it"
        >
          Sweep
        </button>
      ) : null}
      <label className="inline" title="Hide the fluid model, exports and advanced scenario fields">
        <input type="checkbox" checked={student} onChange={(e) => app.setTeach({ student: e.target.checked })} />
        Student mode
      </label>
    </div>
  );
}
