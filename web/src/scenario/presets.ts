// Preset scenarios, one per experiment of the papers (more are added as the core grows).
// The first one is what a first visit runs. The URL stores a preset id plus the differences.
import type { Scenario } from '../params/types';
import { firstVisit } from './firstVisit';
import { jsonEqual } from '../../../wasm-core/js/paths.mjs';

export interface Preset {
  id: string;
  title: string;
  source: string;
  scenario: Scenario;
  /**
   * The title with the run's numbers as `{path}` placeholders (public/stories/presets.json,
   * `title`), filled by runTitle; filled from the preset's own scenario it is `title`.
   */
  titleTemplate?: string;
  /** One paragraph: what the run shows (public/stories/presets.json). */
  watch?: string;
  /** One suggestion of something to change and what to look at. */
  tryThis?: string;
  /** What "Try this" asks for, as a test performs it (public/stories/presets.json, `act`). */
  tryAction?: TryAction;
}

/**
 * A preset's "Try this" as an action through the page's own controls, which unit tests check
 * names a control the preset has and e2e/story-edits.spec.ts performs: `via` the live panel's box
 * of spec `key` ("live.flow.exoLoss", "queue.codel.target"), flow `flow`'s box in the flow table,
 * the scenario editor's field `key` then Run, the Compare dialog's "What differs" `key` with B's
 * `value`, or the preset chooser's `preset`. `value` is what is typed or chosen; `check` a story
 * condition (storyText.ts) the new run's manifest satisfies.
 */
export interface TryAction {
  via: 'live' | 'flow' | 'edit' | 'compare' | 'preset';
  key?: string;
  flow?: number;
  value?: string;
  preset?: string;
  check?: string;
}

const files = import.meta.glob<{ default: Scenario }>('../../../public/presets/*.json', { eager: true });

function fromFiles(): Preset[] {
  const out: Preset[] = [];
  for (const [path, mod] of Object.entries(files)) {
    const id = path
      .split('/')
      .pop()!
      .replace(/\.json$/, '');
    const scenario = mod.default;
    if (!scenario || typeof scenario !== 'object' || scenario.version !== 1) continue;
    out.push({
      id,
      title: typeof scenario.name === 'string' ? scenario.name : id,
      source: `public/presets/${id}.json`,
      scenario,
    });
  }
  // By code unit: the ids are file names in ASCII, and localeCompare's first call loads ICU's
  // collation data (40-110 ms of the page's first screen in Chromium).
  return out.sort((x, y) => (x.id < y.id ? -1 : x.id > y.id ? 1 : 0));
}

/**
 * Each preset's story, by preset id: kept beside the scenario files rather than in them, since
 * the core (and the CLI that reads the same files) accepts only scenario fields.
 */
const stories = import.meta.glob<{
  default: Record<string, { title?: string; watch?: string; try?: string; act?: TryAction }>;
}>('../../../public/stories/presets.json', { eager: true });
const STORIES = Object.values(stories)[0]?.default ?? {};

/** A preset's story (public/stories/presets.json, by preset id). */
function withStory(p: Preset): Preset {
  const s = STORIES[p.id];
  return {
    ...p,
    ...(s?.title ? { titleTemplate: s.title } : {}),
    ...(s?.watch ? { watch: s.watch } : {}),
    ...(s?.try ? { tryThis: s.try } : {}),
    ...(s?.act ? { tryAction: s.act } : {}),
  };
}

export const PRESETS: readonly Preset[] = [
  { id: 'first-visit', title: firstVisit.name as string, source: 'the default scenario', scenario: firstVisit },
  ...fromFiles(),
].map(withStory);

export const DEFAULT_PRESET: Preset = PRESETS[0]!;

export function findPreset(id: string): Preset | undefined {
  return PRESETS.find((p) => p.id === id);
}

/** Whether a run differs from the preset it started from (false for no known preset). */
export function presetEdited(id: string, s: Scenario): boolean {
  const p = findPreset(id);
  return p !== undefined && !jsonEqual(p.scenario, s);
}

/** A fresh deep copy, so editing never touches the preset itself. */
export function cloneScenario(s: Scenario): Scenario {
  return structuredClone(s);
}
