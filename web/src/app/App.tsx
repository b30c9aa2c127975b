// The page layout. Full mode: header, controls, scenario and live panels, topology, charts,
// flow table. Embed mode (?embed=1): only the panels chosen in the view. Compare mode replaces
// the panels with two runs side by side; student mode hides the advanced ones; a lock list
// (`unlock=` in the URL) fixes the scenario and disables the locked live controls.
import { GlossaryList } from '../ui/Explain';
import { Suspense, lazy, useDeferredValue, useRef, useState, useSyncExternalStore } from 'react';
import type { SimController } from '../run/simController';
import { useAppState } from './useAppState';
import { useChartsFirst, useEditorDrawer, useSpaceToPlay, useTestHook, useThemeAttr } from './usePage';
import { ChartsArea } from './ChartsArea';
import { CoreFailed } from './CoreFailed';
import { ControlsBar } from '../panels/ControlsBar';
import { ScenarioPanel } from '../panels/ScenarioPanel';
import { StoryPanel } from '../panels/StoryPanel';
import { LivePanel } from '../panels/LivePanel';
import { FluidPanel } from '../panels/FluidPanel';
import { FlowTable } from '../panels/FlowTable';
import { TopologyView } from '../panels/TopologyView';
import { Notice } from '../panels/Notice';
import { useTraceDrop } from './useTraceDrop';
import { lockReason } from '../embed/lock';
import { useEmbedHost } from '../embed/useEmbedHost';
import { useLesson } from '../lessons/useLesson';
import { lessonRecordSource } from '../lessons/recordSource';
import { useLessonsIndexRoute } from '../lessons/lessonRoute';
import { AppHeader } from './AppHeader';
import { EmbedPage } from './EmbedPage';
import { liveChangeTexts } from './liveChangeTexts';

// Panels that a first visit does not show load when first needed, not with the page: the sweep
// panel (form, plot, closed forms), compare mode, and the lesson panel and index.
const SweepPanel = lazy(() => import('../panels/SweepPanel').then((m) => ({ default: m.SweepPanel })));
const CompareView = lazy(() => import('../compare/CompareView').then((m) => ({ default: m.CompareView })));
const LessonPanel = lazy(() => import('../lessons/LessonPanel').then((m) => ({ default: m.LessonPanel })));
const LessonIndex = lazy(() => import('../lessons/LessonIndex').then((m) => ({ default: m.LessonIndex })));

/** The charts of a page's first render (the top of the page; those below follow a frame later). */
const FIRST_CHARTS = 2;

export function App({ sim, embed }: { sim: SimController; embed: boolean }) {
  const snap = useSyncExternalStore(sim.subscribe, sim.getSnapshot);
  // The big tables and panels follow a step behind, in an interruptible render, so a new run's
  // first metric blocks and chart frames are not held up by them.
  const lazySnap = useDeferredValue(snap);
  const app = useAppState(sim);
  const { state, setView } = app;
  const lesson = useLesson(app, sim);
  // A trace file dropped on the page (not in an embed, nor when the page is locked).
  useTraceDrop(app, !embed && app.state.teach.unlock === null);
  const lessonsIndex = useLessonsIndexRoute();
  const { editorOpen, setEditorOpen, drawerRef } = useEditorDrawer();
  useTestHook(sim, app);
  const { unlock, student, compare } = state.teach;
  const lessonNow = useRef(lesson.lesson);
  lessonNow.current = lesson.lesson;
  const [recordSource] = useState(() => lessonRecordSource(() => lessonNow.current));
  useEmbedHost(embed, sim, unlock, app.addError, recordSource);
  const locked =
    unlock === null
      ? undefined
      : (entity: string, key: string) => lockReason(unlock, entity, key, sim.getSnapshot().specs);

  useThemeAttr(state.view.theme);
  useSpaceToPlay(sim, compare !== null);
  // The first run's top charts render alone; the rest of the page follows once they move.
  const rest = useChartsFirst(
    sim,
    snap,
    (!embed || state.view.panels.includes('charts')) && state.view.charts.length > 0,
  );

  // A core that cannot serve this page: say what failed and what to do, not empty panels.
  if (snap.fatal) return <CoreFailed failure={snap.fatal} embed={embed} />;

  const panels = new Set(embed ? state.view.panels : ['controls', 'scenario', 'flows', 'topology', 'charts']);
  // A locked page runs the scenario it was given: no scenario editing, no switching to compare.
  if (unlock !== null) panels.delete('scenario');
  // The scenario editor: in an embed's panel list, or in the main page's drawer.
  const scenarioProps = {
    specs: snap.specs,
    preset: state.preset,
    scenario: state.scenario,
    onApply: app.applyScenario,
    student,
    live: liveChangeTexts(state.live, sim.store.marks),
  };
  const scenarioPanel = embed ? <ScenarioPanel {...scenarioProps} /> : null;
  const controls = (
    <ControlsBar
      sim={sim}
      snap={snap}
      speed={state.view.speed}
      onSpeed={(speed) => setView({ speed })}
      onReset={app.reset}
      onRunAgain={app.runAgain}
      onRunLonger={unlock === null ? app.runLonger : undefined}
      onEdit={!embed && panels.has('scenario') ? () => setEditorOpen(true) : undefined}
    />
  );
  const notices = (
    <>
      {snap.error ? (
        <div className="notice error" role="alert">
          Simulation error: {snap.error}
        </div>
      ) : null}
      {snap.budgetStop ? (
        <div className="notice" role="status" data-testid="budget-stop">
          The run paused and cannot go on: {snap.budgetStop}
        </div>
      ) : null}
      <Notice
        title="Some settings of this link could not be used and were left out:"
        items={app.notices}
        onClose={app.dismissNotices}
      />
      <Notice title="Not applied:" items={app.errors} onClose={app.dismissErrors} />
      <Notice title="The simulator stopped:" items={app.crash} onClose={app.dismissCrash} />
    </>
  );

  if (embed) {
    return <EmbedPage {...{ sim, snap, lazySnap, app, lesson, panels, locked, controls, notices, scenarioPanel }} />;
  }

  const header = <AppHeader sim={sim} snap={snap} app={app} />;

  if (compare) {
    return (
      <div className={`app${student ? ' student' : ''}`}>
        {header}
        {notices}
        <Suspense
          fallback={
            <section className="panel" aria-busy="true">
              Loading compare mode…
            </section>
          }
        >
          <CompareView
            sim={sim}
            state={state}
            view={state.view}
            setView={setView}
            onLeave={unlock === null ? () => app.setTeach({ compare: null }) : undefined}
          />
        </Suspense>
      </div>
    );
  }

  return (
    <div className={`app${student ? ' student' : ''}`}>
      {header}
      {lessonsIndex ? (
        <Suspense fallback={null}>
          <LessonIndex />
        </Suspense>
      ) : null}
      <div hidden={lessonsIndex}>
        {controls}
        {notices}
        {state.sweep ? (
          <Suspense
            fallback={
              <section className="panel" aria-busy="true">
                Loading the sweep panel…
              </section>
            }
          >
            <SweepPanel
              specs={snap.specs}
              scenario={state.scenario}
              config={state.sweep}
              onChange={app.setSweep}
              onClose={() => app.setSweep(null)}
              onStart={() => {
                // The sweep needs the processor: the run on screen pauses, and plays on when the
                // sweep ends if it was playing (and is still the same run, still paused).
                const { status, runId } = sim.getSnapshot();
                sim.pause();
                return status === 'playing'
                  ? () => {
                      const now = sim.getSnapshot();
                      if (now.runId === runId && now.status === 'paused') sim.play();
                    }
                  : null;
              }}
            />
          </Suspense>
        ) : null}
        <div className={state.lesson ? 'layout with-lesson' : 'layout'}>
          <aside className="side">
            {state.lesson ? (
              <Suspense fallback={null}>
                <LessonPanel sim={sim} api={lesson} />
              </Suspense>
            ) : null}
            {rest ? (
              <>
                <LivePanel sim={sim} snap={lazySnap} locked={locked} />
                {student ? null : (
                  <FluidPanel sim={sim} snap={snap} on={state.view.fluid} onToggle={(fluid) => setView({ fluid })} />
                )}
                <GlossaryList />
              </>
            ) : null}
          </aside>
          <main className="main">
            <StoryPanel
              preset={state.preset}
              scenario={state.scenario}
              specs={snap.specs}
              manifest={snap.manifest}
              lines={state.view.lines}
              onApply={app.applyScenario}
              editable={panels.has('scenario')}
              editorOpen={editorOpen}
              onEditor={() => setEditorOpen((o) => !o)}
              toolsOnly={!!state.lesson}
            />
            <ChartsArea
              sim={sim}
              snap={snap}
              view={state.view}
              setView={setView}
              first={rest ? undefined : FIRST_CHARTS}
            />
            {rest ? <TopologyView sim={sim} snap={lazySnap} /> : null}
          </main>
        </div>
        {panels.has('scenario') ? (
          <div
            id="scenario-drawer"
            ref={drawerRef}
            className="drawer"
            hidden={!editorOpen}
            role="dialog"
            aria-label="Scenario editor"
          >
            {rest || editorOpen ? (
              <ScenarioPanel
                {...scenarioProps}
                presetPicker={false}
                onClose={() => setEditorOpen(false)}
                onApply={(preset, scenario, keepLive) => {
                  // Run closes the drawer: the new run is on the charts it covered.
                  setEditorOpen(false);
                  app.applyScenario(preset, scenario, keepLive);
                }}
              />
            ) : null}
          </div>
        ) : null}
        {rest ? (
          <FlowTable
            sim={sim}
            snap={lazySnap}
            locked={locked}
            onApplyScenario={(next) => app.applyScenario(state.preset, next)}
            student={student}
          />
        ) : null}
      </div>
    </div>
  );
}
