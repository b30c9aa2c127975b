// One flow's own settings (its flowOverrides entry), edited with the same controls as the
// scenario editor: window rule and its parameters, start and stop, TCP details. A field set here
// is marked "own" and can go back to the scenario's default; applying restarts the run with the
// entry in the scenario (and so in the link).
import { useEffect, useId, useState } from 'react';
import type { Json, JsonObject, ParamSpec, Scenario } from '../params/types';
import { deletePath, getPath, isPlainObject, jsonEqual, setPath } from '../../../wasm-core/js/paths.mjs';
import { problemLine, problemText } from '../params/specs';
import { useCoreProblems } from '../run/coreCheck';
import {
  ccOf,
  ccSpec,
  defaultSource,
  flowValue,
  inheritedOf,
  overrideFields,
  overrideOf,
  withOverride,
  withRule,
} from '../scenario/flowOverrides';
import { ADVANCED_FIELDS } from '../scenario/studentMode';
import { ParamControl } from './ParamControl';

export function FlowOverrideEditor({
  flow,
  specs,
  scenario,
  onApply,
  onClose,
  student = false,
}: {
  flow: number;
  specs: readonly ParamSpec[];
  scenario: Scenario;
  onApply: (next: Scenario) => void;
  onClose: () => void;
  student?: boolean;
}) {
  const titleId = useId();
  const [entry, setEntry] = useState<JsonObject>(() => overrideOf(scenario, flow));
  useEffect(() => setEntry(overrideOf(scenario, flow)), [scenario, flow]);
  const saved = overrideOf(scenario, flow);
  const dirty = !jsonEqual(entry, saved);
  const cc = ccSpec(specs);
  // What the flow runs without its entry: a graph flow's own settings, then the defaults.
  const inherited = inheritedOf(scenario, flow, specs);
  const rule = ccOf(inherited, entry, specs);
  const fields = overrideFields(specs, rule).filter((f) => !student || !ADVANCED_FIELDS.has(f.spec.key));
  // The core's check of the scenario with this entry: a problem of the entry at its field.
  const candidate = dirty ? withOverride(scenario, flow, entry) : null;
  const { problems, pending } = useCoreProblems(candidate);
  const at = (() => {
    const list = candidate ? getPath(candidate, 'flowOverrides') : undefined;
    const i = Array.isArray(list) ? list.findIndex((o) => isPlainObject(o) && o.flow === flow) : -1;
    return `flowOverrides[${i}].`;
  })();
  const mine = problems.filter((p) => p.path.startsWith(at));
  const others = problems.filter((p) => !p.path.startsWith(at));
  const problemAt = (path: string, spec: ParamSpec) => {
    const p = mine.find((x) => x.path === at + path);
    return p ? problemText(p, spec) : null;
  };
  const shownPaths = new Set(['cc', ...fields.map((f) => f.path)]);
  const unplaced = [...others, ...mine.filter((p) => !shownPaths.has(p.path.slice(at.length)))];

  const update = (f: (e: JsonObject) => void) =>
    setEntry((e) => {
      const n = structuredClone(e);
      f(n);
      return n;
    });
  const set = (path: string, v: Json) =>
    update((e) => {
      setPath(e, path, v);
    });
  const unset = (path: string) =>
    update((e) => {
      deletePath(e, path);
    });
  // A new window rule (or the inherited one again): the old rule's own parameters do not apply.
  const setRule = (v: Json | undefined) =>
    setEntry((e) => withRule(e, typeof v === 'string' ? v : undefined, inherited, specs));

  const field = (path: string, spec: ParamSpec, onCommit: (v: Json) => void) => {
    const own = getPath(entry, path) !== undefined;
    return (
      <div key={path} className={`own-field${own ? ' own' : ''}`} data-path={path}>
        <ParamControl
          spec={spec}
          value={flowValue(inherited, entry, path, spec)}
          onCommit={onCommit}
          problem={problemAt(path, spec)}
          errorName={`Flow ${flow} ${spec.label.toLowerCase()}`}
        />
        {own ? (
          <button
            type="button"
            className="own-reset"
            onClick={() => (path === 'cc' ? setRule(undefined) : unset(path))}
            aria-label={
              defaultSource(scenario, inherited, path) === 'graph'
                ? `Default: flow ${flow} takes its graph entry's ${spec.label.toLowerCase()}`
                : `Default: flow ${flow} takes the scenario's ${spec.label.toLowerCase()}`
            }
            title={
              defaultSource(scenario, inherited, path) === 'graph'
                ? "Use the value this flow's own entry in the graph sets"
                : "Use the scenario's value for every flow"
            }
          >
            Default
          </button>
        ) : null}
      </div>
    );
  };

  return (
    <section className="flow-own" aria-labelledby={titleId} data-flow={flow}>
      <div className="panel-head">
        <h3 id={titleId}>Flow {flow}: its own settings</h3>
        <button type="button" onClick={onClose} aria-label={`Close flow ${flow}'s settings`}>
          Close
        </button>
      </div>
      <p className="muted small">
        Each value is the flow&apos;s own when marked <span className="own-tag">own</span>, else the scenario&apos;s
        default for every flow. Weight and deadline change live in the table above. Applying restarts the run.
      </p>
      <div className="own-grid">
        {cc ? field('cc', cc, setRule) : null}
        {fields.map((f) => field(f.path, f.spec, (v) => set(f.path, v)))}
      </div>
      {unplaced.length ? (
        <ul className="param-error check-problems" role="alert">
          {unplaced.map((p) => (
            <li key={`${p.path}|${p.message}`}>{problemLine(p)}</li>
          ))}
        </ul>
      ) : null}
      <div className="row">
        <button
          type="button"
          className="primary"
          disabled={!dirty || pending || problems.length > 0}
          onClick={() => onApply(withOverride(scenario, flow, entry))}
        >
          Apply to flow {flow} (restarts the run)
        </button>
        <button type="button" disabled={!dirty} onClick={() => setEntry(saved)}>
          Discard edits
        </button>
      </div>
      <p className="muted small">
        Every flow&apos;s entries as JSON: Edit scenario, then &quot;Per-flow overrides and other traffic (JSON)&quot;.
      </p>
    </section>
  );
}
