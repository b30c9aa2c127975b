// Embed mode (?embed=1): the frame's size, as the instructor picked it. The page is the frame's
// height; the charts share what the title, controls bar and side column leave them, in a grid
// (embed/fit.ts), so each chosen chart and each allowed control is inside the frame without
// scrolling. Only the panels chosen in the view are shown.
import { Suspense, lazy, type ReactNode } from 'react';
import type { SimController, SimSnapshot } from '../run/simController';
import type { AppStateApi } from './useAppState';
import type { LessonApi } from '../lessons/useLesson';
import { ChartsArea } from './ChartsArea';
import { runTitle } from '../scenario/storyText';
import { findPreset } from '../scenario/presets';
import { LivePanel } from '../panels/LivePanel';
import { FlowTable } from '../panels/FlowTable';
import { TopologyView } from '../panels/TopologyView';
import { encodeState } from '../url/scenarioUrl';
import { embedMinHeight } from '../embed/embedCode';

const LessonPanel = lazy(() => import('../lessons/LessonPanel').then((m) => ({ default: m.LessonPanel })));

export interface EmbedPageProps {
  sim: SimController;
  snap: SimSnapshot;
  /** The snapshot a step behind, for the big tables and panels (App's useDeferredValue). */
  lazySnap: SimSnapshot;
  app: AppStateApi;
  lesson: LessonApi;
  /** The panels shown: the view's list, less the scenario on a locked page. */
  panels: ReadonlySet<string>;
  locked?: (entity: string, key: string) => string | null;
  controls: ReactNode;
  notices: ReactNode;
  scenarioPanel: ReactNode;
}

export function EmbedPage(p: EmbedPageProps) {
  const { sim, snap, lazySnap, panels, locked } = p;
  const { state, setView } = p.app;
  const charts = panels.has('charts') ? (
    <ChartsArea sim={sim} snap={snap} view={state.view} setView={setView} chooser={false} fit />
  ) : null;
  const side = (
    <>
      {state.lesson ? (
        <Suspense fallback={null}>
          <LessonPanel sim={sim} api={p.lesson} />
        </Suspense>
      ) : null}
      {panels.has('controls') ? <LivePanel sim={sim} snap={lazySnap} locked={locked} /> : null}
      {panels.has('scenario') ? p.scenarioPanel : null}
      {panels.has('topology') ? <TopologyView sim={sim} snap={lazySnap} /> : null}
    </>
  );
  const title = snap.scenario
    ? runTitle(findPreset(state.preset), snap.scenario, snap.specs, snap.manifest)
    : 'Bottleneck Lab';
  // Auto height: at least the chosen height, not the frame's (which follows this page's height).
  const minHeight = embedMinHeight();
  const hasSide = !!state.lesson || panels.has('controls') || panels.has('scenario') || panels.has('topology');
  return (
    <div
      className={`app embed${state.teach.student ? ' student' : ''}${charts && !hasSide ? ' chart-only' : ''}`}
      style={minHeight === null ? undefined : { minHeight }}
    >
      <div className="embed-head">
        <strong className="embed-title" title={title}>
          {title}
        </strong>
        <a
          href={`${location.pathname.replace(/embed(\.html)?\/?$/, '')}${encodeState(state)}`}
          target="_blank"
          rel="noreferrer"
        >
          Open in Bottleneck Lab
        </a>
      </div>
      {panels.has('controls') ? p.controls : null}
      {p.notices}
      <div className={`embed-body${charts && hasSide ? ' with-side' : ''}`}>
        {charts ? <div className="embed-charts">{charts}</div> : null}
        {hasSide ? <div className="embed-side">{side}</div> : null}
      </div>
      {panels.has('flows') ? <FlowTable sim={sim} snap={lazySnap} locked={locked} /> : null}
    </div>
  );
}
