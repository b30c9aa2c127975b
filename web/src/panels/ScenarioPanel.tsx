// Scenario: pick a preset or build one. Every field is generated from the core's specs; a
// group's kind (topology, queue, exogenous loss, window rule) selects which fields it has.
import { useEffect, useMemo, useState } from 'react';
import type { Json, ParamSpec, Scenario } from '../params/types';
import { kindFieldOf, problemLine, problemText, specsOfGroup } from '../params/specs';
import { useCoreProblems } from '../run/coreCheck';
import { kindIn } from '../scenario/changeKind';
import { cloneScenario, presetEdited } from '../scenario/presets';
import { PresetSelect } from './StoryPanel';
import { getPath, jsonEqual, setPath } from '../../../wasm-core/js/paths.mjs';
import { ParamControl } from './ParamControl';
import { StepsEditor } from './StepsEditor';
import { TraceFileInput } from './TraceFileInput';
import { withKind } from '../scenario/changeKind';
import { ADVANCED_FIELDS } from '../scenario/studentMode';

export interface ScenarioPanelProps {
  specs: ParamSpec[];
  preset: string;
  scenario: Scenario;
  /** Runs a scenario; `keepLive`: replay the current run's live changes in it (else they are dropped). */
  onApply: (preset: string, scenario: Scenario, keepLive?: boolean) => void;
  /** The current run's live changes, as the editor lists them ("at 12.3 s: exogenous loss 1% -> 5%"). */
  live?: readonly string[];
  /** Student mode: advanced fields (scenario/studentMode.ts) are left out. */
  student?: boolean;
  /** Show the preset chooser (the main page has it above the charts instead). */
  presetPicker?: boolean;
  /** Closes the drawer the panel sits in (the main page). */
  onClose?: () => void;
}

const GROUPS: { group: string; title: string }[] = [
  { group: 'topology', title: 'Topology' },
  { group: 'queue', title: 'Queue discipline' },
  { group: 'exoLoss', title: 'Exogenous loss' },
  { group: 'flows', title: 'Flows (defaults for every flow)' },
];
const HIDDEN_TOP = new Set(['version', 'name']);
/** A trace's times are chosen as a file (TraceFileInput), whose name the same control shows. */
const TRACE_TIMES = new Set(['topology.traceMs', 'topology.traceUpMs']);
const TRACE_NAMES = new Set(['topology.traceFile', 'topology.traceUpFile']);
/** Live changes listed by name before a Run (the rest are counted). */
const LIVE_LISTED = 5;

export function ScenarioPanel({
  specs,
  preset,
  scenario,
  onApply,
  student = false,
  presetPicker = true,
  onClose,
  live = [],
}: ScenarioPanelProps) {
  const shown = (sp: ParamSpec) => !student || !ADVANCED_FIELDS.has(sp.key);
  const [draft, setDraft] = useState<Scenario>(() => cloneScenario(scenario));
  useEffect(() => {
    setDraft(cloneScenario(scenario));
  }, [scenario]);
  const dirty = !jsonEqual(draft, scenario);
  // The core's check of the draft: each problem at its field, the rest listed under the form.
  const { problems, pending } = useCoreProblems(dirty ? draft : null);
  // Typed in a box and not yet committed: the box commits when it is left, which clicking Run
  // does, so Run is offered as soon as something is typed.
  const [typed, setTyped] = useState(false);
  useEffect(() => setTyped(false), [scenario]);
  const canRun = (dirty || typed) && problems.length === 0;
  // A Run pressed while the core still checks the last edit (leaving the box just started it)
  // waits for that check, then runs or shows what the core refused: the click is never lost.
  const [queued, setQueued] = useState<{ keep: boolean } | null>(null);
  useEffect(() => {
    if (!queued || pending) return;
    setQueued(null);
    if (dirty && problems.length === 0) onApply(preset, draft, live.length > 0 && queued.keep);
  }, [queued, pending, dirty, problems, onApply, preset, draft, live.length]);
  const byPath = new Map(problems.map((p) => [p.path, p]));
  const problemAt = (sp: ParamSpec) => {
    const p = byPath.get(sp.key);
    return p ? problemText(p, sp) : null;
  };

  const set = (path: string, v: Json) =>
    setDraft((d) => {
      const n = cloneScenario(d);
      setPath(n, path, v);
      return n;
    });
  const setKind = (group: string, kind: string) => setDraft((d) => withKind(d, specs, group, kind));

  const top = useMemo(
    () => specs.filter((sp) => !sp.key.includes('.') && !HIDDEN_TOP.has(sp.key) && sp.type !== 'json'),
    [specs],
  );
  const advanced = useMemo(
    () => specs.filter((sp) => !sp.key.includes('.') && sp.type === 'json' && !GROUPS.some((g) => g.group === sp.key)),
    [specs],
  );

  const control = (sp: ParamSpec) => (
    <ParamControl
      key={sp.key}
      spec={sp}
      value={getPath(draft, sp.key)}
      problem={problemAt(sp)}
      onCommit={(v) => set(sp.key, v)}
    />
  );

  // Problems of fields the form does not show (a hidden field, a rule between fields).
  const placed = new Set<string>();
  for (const sp of top.filter(shown)) placed.add(sp.key);
  for (const { group } of GROUPS) {
    const kindSpec = specs.find((sp) => sp.key === `${group}.${kindFieldOf(specs, group)}`);
    if (kindSpec) placed.add(kindSpec.key);
    for (const sp of specsOfGroup(specs, group, kindIn(specs, draft)(group)).filter(shown)) placed.add(sp.key);
  }
  if (!student) for (const sp of advanced) placed.add(sp.key);
  const unplaced = problems.filter((p) => !placed.has(p.path));

  return (
    <section className="panel" aria-labelledby="scenario-title">
      <div className="panel-head">
        <h2 id="scenario-title">Scenario</h2>
        {onClose ? (
          <button type="button" onClick={onClose} aria-label="Close the scenario editor">
            Close
          </button>
        ) : null}
      </div>
      {presetPicker ? (
        <div className="param">
          <label htmlFor="preset-select">Preset</label>
          <span className="param-input">
            <PresetSelect preset={preset} onApply={onApply} edited={presetEdited(preset, scenario)} />
          </span>
        </div>
      ) : null}
      {specs.length === 0 ? <p className="muted">Loading parameters...</p> : null}
      <form
        aria-busy={pending || queued ? true : undefined}
        onInput={() => setTyped(true)}
        onSubmit={(e) => {
          e.preventDefault();
          setTyped(false);
          // A box holding what the page cannot read (its message says why) is not run past.
          const invalid = e.currentTarget.querySelector<HTMLElement>('[aria-invalid="true"]');
          if (invalid) {
            invalid.focus();
            return;
          }
          // With live changes the two buttons below say which run it is (nothing is lost unasked).
          const keep = (e.nativeEvent as SubmitEvent).submitter?.dataset.keep !== 'no';
          if (dirty) setQueued({ keep });
        }}
      >
        <fieldset>
          <legend>Run</legend>
          {top.filter(shown).map(control)}
        </fieldset>
        {GROUPS.map(({ group, title }) => {
          const kind = kindIn(specs, draft)(group);
          const kindSpec = specs.find((sp) => sp.key === `${group}.${kindFieldOf(specs, group)}`);
          const fields = specsOfGroup(specs, group, kind);
          if (!kindSpec && fields.length === 0) return null;
          return (
            <fieldset key={group}>
              <legend>{title}</legend>
              {kindSpec ? (
                <ParamControl
                  spec={kindSpec}
                  value={kind}
                  problem={problemAt(kindSpec)}
                  onCommit={(v) => setKind(group, String(v))}
                />
              ) : null}
              {fields
                .filter((sp) => shown(sp) && !TRACE_NAMES.has(sp.key))
                .map((sp) =>
                  TRACE_TIMES.has(sp.key) ? (
                    <TraceFileInput
                      key={sp.key}
                      spec={sp}
                      draft={draft}
                      problem={problemAt(sp)}
                      onDraft={(n) => setDraft(n)}
                    />
                  ) : sp.key === 'exoLoss.steps' ? (
                    <StepsEditor
                      key={sp.key}
                      spec={sp}
                      value={getPath(draft, sp.key)}
                      problem={problemAt(sp)}
                      onCommit={(v) => set(sp.key, v)}
                    />
                  ) : (
                    control(sp)
                  ),
                )}
            </fieldset>
          );
        })}
        {advanced.length && !student ? (
          <details>
            <summary>Per-flow overrides and other traffic (JSON)</summary>
            {advanced.map(control)}
          </details>
        ) : null}
        {unplaced.length ? (
          <ul className="param-error check-problems" role="alert" data-testid="scenario-problems">
            {unplaced.map((p) => (
              <li key={`${p.path}|${p.message}`}>{problemLine(p)}</li>
            ))}
          </ul>
        ) : null}
        {live.length && dirty ? (
          <div className="live-keep" role="note" data-testid="live-keep">
            <p>
              This run has {live.length === 1 ? 'one live change' : `${live.length} live changes`} made while it ran (
              {live.slice(0, LIVE_LISTED).join('; ')}
              {live.length > LIVE_LISTED ? `; and ${live.length - LIVE_LISTED} more` : ''}). Run the edited scenario
              with {live.length === 1 ? 'it' : 'them'} replayed at the same times, or without{' '}
              {live.length === 1 ? 'it' : 'them'}:
            </p>
          </div>
        ) : null}
        <div className="row">
          {live.length ? (
            <>
              <button type="submit" className="primary" data-keep="yes" disabled={!canRun}>
                Run with the {live.length === 1 ? 'live change' : `${live.length} live changes`}
              </button>
              <button type="submit" data-keep="no" disabled={!canRun}>
                Run without {live.length === 1 ? 'it' : 'them'}
              </button>
            </>
          ) : (
            <button type="submit" className="primary" disabled={!canRun}>
              Run this scenario
            </button>
          )}
          <button
            type="button"
            disabled={!dirty && !typed}
            onClick={() => {
              setTyped(false);
              setDraft(cloneScenario(scenario));
            }}
          >
            Discard edits
          </button>
        </div>
      </form>
    </section>
  );
}
