// The page layout. Full mode: header, controls, scenario and live panels, topology, charts,
// flow table. Embed mode (?embed=1): only the panels chosen in the view.
import { useDeferredValue, useEffect, useRef, useSyncExternalStore } from 'react';
import type { SimController } from './simController';
import { useAppState } from './useAppState';
import { installTestHook } from './testHook';
import { ChartsArea } from './ChartsArea';
import { ControlsBar } from '../panels/ControlsBar';
import { ScenarioPanel } from '../panels/ScenarioPanel';
import { LivePanel } from '../panels/LivePanel';
import { FluidPanel } from '../panels/FluidPanel';
import { FlowTable } from '../panels/FlowTable';
import { TopologyView } from '../panels/TopologyView';
import { ShareMenu } from '../panels/ShareMenu';
import { Notice } from '../panels/Notice';
import { THEMES, type Theme } from './viewState';
import { encodeState } from '../url/scenarioUrl';
import { useLesson } from '../lessons/useLesson';
import { LessonPanel } from '../lessons/LessonPanel';
import { LessonIndex } from '../lessons/LessonIndex';
import { LESSONS_ROUTE, useLessonsIndexRoute } from '../lessons/lessonRoute';

export function App({ sim, embed }: { sim: SimController; embed: boolean }) {
  const snap = useSyncExternalStore(sim.subscribe, sim.getSnapshot);
  // The big tables and panels follow a step behind, in an interruptible render, so a new run's
  // first metric blocks and chart frames are not held up by them.
  const lazySnap = useDeferredValue(snap);
  const app = useAppState(sim);
  const { state, setView } = app;
  const lesson = useLesson(app, sim);
  const lessonsIndex = useLessonsIndexRoute();
  const noticesRef = useRef(app.notices);
  noticesRef.current = app.notices;

  useEffect(() => { installTestHook(sim, () => noticesRef.current); }, [sim]);

  useEffect(() => {
    const root = document.documentElement;
    if (state.view.theme === 'auto') delete root.dataset.theme;
    else root.dataset.theme = state.view.theme;
  }, [state.view.theme]);

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      const t = e.target as HTMLElement;
      if (e.key !== ' ' || t.closest('input, select, textarea, button, [role="img"], dialog')) return;
      e.preventDefault();
      if (sim.getSnapshot().status === 'playing') sim.pause(); else sim.play();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [sim]);

  const panels = new Set(embed ? state.view.panels : ['controls', 'scenario', 'flows', 'topology', 'charts']);
  const controls = <ControlsBar sim={sim} snap={snap} speed={state.view.speed} onSpeed={(speed) => setView({ speed })} onReset={app.reset} />;
  const notices = (
    <>
      {snap.error ? <div className="notice error" role="alert">Simulation error: {snap.error}</div> : null}
      <Notice title="Some settings of this link could not be used and were left out:" items={app.notices} onClose={app.dismissNotices} />
      <Notice title="Not applied:" items={app.errors} onClose={app.dismissErrors} />
    </>
  );

  if (embed) {
    return (
      <div className="app embed">
        <div className="embed-head">
          <strong>{typeof snap.scenario?.name === 'string' ? snap.scenario.name : 'Bottleneck Lab'}</strong>
          <a href={`${location.pathname.replace(/embed(\.html)?\/?$/, '')}${encodeState(state)}`} target="_blank" rel="noreferrer">Open in Bottleneck Lab</a>
        </div>
        {panels.has('controls') ? controls : null}
        {notices}
        {state.lesson ? <LessonPanel sim={sim} api={lesson} /> : null}
        {panels.has('scenario') ? <ScenarioPanel specs={snap.specs} preset={state.preset} scenario={state.scenario} onApply={app.applyScenario} /> : null}
        {panels.has('topology') ? <TopologyView sim={sim} snap={lazySnap} /> : null}
        {panels.has('charts') ? <ChartsArea sim={sim} snap={snap} view={state.view} setView={setView} chooser={false} /> : null}
        {panels.has('flows') ? <FlowTable sim={sim} snap={lazySnap} onError={app.addError} /> : null}
      </div>
    );
  }

  return (
    <div className="app">
      <header className="app-head">
        <h1>Bottleneck Lab</h1>
        <span className="muted small" title={typeof snap.scenario?.name === 'string' ? snap.scenario.name : undefined}>{typeof snap.scenario?.name === 'string' ? snap.scenario.name : ''}</span>
        <a href={LESSONS_ROUTE} className="head-link">Lessons</a>
        <ShareMenu sim={sim} state={state} onError={app.addError} />
        <label className="inline">
          Theme
          <select value={state.view.theme} onChange={(e) => setView({ theme: e.target.value as Theme })}>
            {THEMES.map((t) => <option key={t} value={t}>{t}</option>)}
          </select>
        </label>
      </header>
      {lessonsIndex ? <LessonIndex /> : null}
      <div hidden={lessonsIndex}>
      {controls}
      {notices}
      <div className={state.lesson ? 'layout with-lesson' : 'layout'}>
        <aside className="side">
          {state.lesson ? <LessonPanel sim={sim} api={lesson} /> : null}
          <LivePanel sim={sim} snap={lazySnap} onError={app.addError} />
          <ScenarioPanel specs={snap.specs} preset={state.preset} scenario={state.scenario} onApply={app.applyScenario} />
          <FluidPanel sim={sim} snap={snap} />
        </aside>
        <main className="main">
          <TopologyView sim={sim} snap={lazySnap} />
          <ChartsArea sim={sim} snap={snap} view={state.view} setView={setView} />
        </main>
      </div>
      <FlowTable sim={sim} snap={lazySnap} onError={app.addError} />
      </div>
    </div>
  );
}
