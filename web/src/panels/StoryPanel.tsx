// What the scenario shows and what to try, above the charts: the full scenario name, the
// preset chooser, the preset's "what you are watching" and "try this" (public/stories), and the
// button that opens the full scenario editor.
import { useMemo, useState } from 'react';
import type { Manifest, ParamSpec, Scenario } from '../params/types';
import { type StoryOptions, fillStory, liveChangesText, runTitle } from '../scenario/storyText';
import { BAND_FLOWS } from '../store/flowBand';
import { DEFAULT_PRESET, PRESETS, type Preset, cloneScenario, findPreset, presetEdited } from '../scenario/presets';

/** Presets grouped by the paper their id starts with (xqm-, ted-, htt-, sd-, ...). */
export function groupPresets(): Map<string, Preset[]> {
  const groups = new Map<string, Preset[]>();
  for (const p of PRESETS) {
    const g = p.id === DEFAULT_PRESET.id ? 'Start here' : (p.id.split('-')[0] ?? p.id).toUpperCase();
    groups.set(g, [...(groups.get(g) ?? []), p]);
  }
  return groups;
}

/**
 * The preset chooser. Each option is a preset's own title (what choosing it runs); while the run
 * differs from its preset, or is no preset, the chooser shows that instead of a preset's title,
 * whose numbers would no longer be the run's.
 */
export function PresetSelect({
  preset,
  onApply,
  edited = false,
}: {
  preset: string;
  onApply: (preset: string, scenario: Scenario) => void;
  /** The run differs from the preset it started from. */
  edited?: boolean;
}) {
  const known = findPreset(preset) !== undefined;
  const own = !known || edited;
  return (
    <select
      id="preset-select"
      aria-label="Preset"
      value={own ? '' : preset}
      onChange={(e) => {
        const p = findPreset(e.target.value);
        if (p) onApply(p.id, cloneScenario(p.scenario));
      }}
    >
      {own ? (
        <option value="" disabled>
          {known ? 'Changed from its preset: choose one to start again' : 'Your own scenario: choose a preset'}
        </option>
      ) : null}
      {[...groupPresets()].map(([group, list]) => (
        <optgroup key={group} label={group}>
          {list.map((p) => (
            <option key={p.id} value={p.id} title={p.source}>
              {p.title}
            </option>
          ))}
        </optgroup>
      ))}
    </select>
  );
}

export function StoryPanel({
  preset,
  scenario,
  onApply,
  editable,
  editorOpen,
  onEditor,
  toolsOnly = false,
  specs,
  manifest,
  lines = false,
}: {
  preset: string;
  scenario: Scenario;
  /** What the run has now (the core's manifest): the story's loss is the run's. */
  manifest: Manifest | null;
  /** The core's parameter specs: the story's numbers are shown in their human units. */
  specs: readonly ParamSpec[];
  onApply: (preset: string, scenario: Scenario) => void;
  /** False on a locked page: no preset chooser, no editor. */
  editable: boolean;
  editorOpen: boolean;
  onEditor: () => void;
  /** One line per flow was asked for (view.lines): the legend stays at any flow count. */
  lines?: boolean;
  /** A lesson is followed: its panel tells the story; only the tools are shown here. */
  toolsOnly?: boolean;
}) {
  const p = findPreset(preset);
  const edited = presetEdited(preset, scenario);
  // The charts have a legend with a button per flow unless they draw the flows as a band.
  const legend = (manifest?.flows.length ?? Infinity) <= BAND_FLOWS || lines;
  // The title and the story are told of this run: its numbers and kinds from its manifest, each
  // claim only while the run still satisfies its condition (storyText.ts). Worked out when one of
  // those changes, not at each render of the page (a run's status, the view).
  const { name, watch, tryThis } = useMemo(() => {
    const o: StoryOptions = { legend, presetTitle: (id) => findPreset(id)?.title };
    return {
      name: runTitle(p, scenario, specs, manifest, o),
      watch: p?.watch ? fillStory(p.watch, specs, scenario, manifest, o) : null,
      tryThis: p?.tryThis ? fillStory(p.tryThis, specs, scenario, manifest, o) : null,
    };
  }, [p, scenario, specs, manifest, legend]);
  // The first screen shows the story's first lines; "Read more" shows all of it.
  const [more, setMore] = useState(false);
  // The preset chooser and the editor's button: above the charts, or in the story's head.
  const tools = (
    <>
      <PresetSelect preset={preset} onApply={onApply} edited={edited} />
      <button type="button" aria-expanded={editorOpen} aria-controls="scenario-drawer" onClick={onEditor}>
        Edit scenario
      </button>
    </>
  );
  if (toolsOnly) {
    return editable ? <div className="story-tools story-tools-only">{tools}</div> : null;
  }
  return (
    <section className="panel story" aria-labelledby="story-title">
      <div className="story-head">
        <h2 id="story-title" className="scenario-title">
          {name}
          {edited ? <span className="muted small"> (edited)</span> : null}
        </h2>
        {editable ? <span className="story-tools">{tools}</span> : null}
      </div>
      <div className={`story-text${more ? ' more' : ''}`}>
        {watch ? (
          <p className="story-watch">
            <strong>What you are watching: </strong>
            {watch}
          </p>
        ) : null}
        {tryThis ? (
          <p className="story-try">
            <strong>Try this: </strong>
            {tryThis}
          </p>
        ) : null}
        {manifest?.changes.length ? (
          <p className="story-live muted small" data-testid="story-live">
            Changed live so far: {liveChangesText(specs, manifest)}.
          </p>
        ) : null}
      </div>
      {p?.watch ? (
        <button type="button" className="story-more" aria-expanded={more} onClick={() => setMore((m) => !m)}>
          {more ? 'Show less' : 'Read more'}
        </button>
      ) : null}
    </section>
  );
}
