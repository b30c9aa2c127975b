// "Compare with...": picks what side B changes (queue discipline, window rule, loss recovery,
// or a parameter from the specs, and its value for B) and switches to compare mode, A being
// the scenario on screen.
import { useContext, useMemo, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import type { Json, ParamSpec, Scenario } from '../params/types';
import { ParamControl } from '../panels/ParamControl';
import type { CompareDiff } from '../url/teachingUrl';
import { CoreCheckContext } from '../run/coreCheck';
import { applyDiff, diffChoices, diffText, judgeDiff, valueInA } from './compareDiff';

/** A value for B that differs from A's: another option, or the number doubled within range. */
export function suggestB(spec: ParamSpec, a: Json): Json {
  if (spec.type === 'enum')
    return (spec.options ?? []).find((o) => o !== a && o === 'red') ?? (spec.options ?? []).find((o) => o !== a) ?? a;
  if (spec.type === 'boolean') return a !== true;
  const n = typeof a === 'number' ? a : typeof spec.default === 'number' ? spec.default : 1;
  const up = n === 0 ? 1 : n * 2;
  const v = spec.max !== undefined && up > spec.max ? (spec.min ?? n / 2) : up;
  return spec.type === 'integer' ? Math.round(v) : v;
}

export function CompareChooser({
  specs,
  scenario,
  onCompare,
}: {
  specs: ParamSpec[];
  scenario: Scenario;
  onCompare: (d: CompareDiff) => void;
}) {
  const dialogRef = useRef<HTMLDialogElement>(null);
  // The choices (every field of the specs, judged against the scenario) are found once the dialog
  // is first opened, not at each render of the page's header: a first visit never pays for them
  // (issue 24 item 7, npm run bench:start).
  const [opened, setOpened] = useState(false);
  const choices = useMemo(() => (opened ? diffChoices(specs, scenario) : []), [opened, specs, scenario]);
  const [path, setPath] = useState('queue.kind');
  const choice = choices.find((c) => c.path === path) ?? choices[0];
  const [value, setValue] = useState<Json | undefined>(undefined);
  const [error, setError] = useState('');
  const aValue = choice ? valueInA(scenario, choice.path, specs) : null;
  const bValue = value ?? (choice ? suggestB(choice.spec, aValue) : null);

  const check = useContext(CoreCheckContext);
  const go = async () => {
    if (!choice) return;
    const d: CompareDiff = { path: choice.path, value: bValue };
    const r = applyDiff(scenario, d, specs);
    // The core judges B's value (without a core, as in a unit test, compare mode asks it again).
    const refused = !r.ok
      ? r.message
      : check
        ? await judgeDiff(r.scenario, d, specs, check).catch((e: Error) => `compare: ${e.message}`)
        : null;
    if (refused) {
      setError(refused);
      return;
    }
    dialogRef.current?.close();
    onCompare(d);
  };

  return (
    <>
      <button
        type="button"
        onClick={() => {
          setError('');
          // The choices render before the dialog opens, so it opens on them with focus in it.
          if (!opened) flushSync(() => setOpened(true));
          dialogRef.current?.showModal();
        }}
        disabled={opened ? !choices.length : !specs.length}
      >
        Compare with...
      </button>
      <dialog ref={dialogRef} className="compare-dialog" aria-labelledby="compare-title">
        <h2 id="compare-title">Compare with...</h2>
        <p className="muted small">
          A is the scenario on screen. B is the same scenario, same seed, with one thing changed.
        </p>
        <div className="param">
          <label htmlFor="compare-what">What differs</label>
          <span className="param-input">
            <select
              id="compare-what"
              value={choice?.path ?? ''}
              onChange={(e) => {
                setPath(e.target.value);
                setValue(undefined);
                setError('');
              }}
            >
              {choices.map((c) => (
                <option key={c.path} value={c.path}>
                  {c.label}
                </option>
              ))}
            </select>
          </span>
        </div>
        {choice ? (
          <>
            <p className="small">A: {diffText(specs, scenario, choice.path, aValue)}</p>
            <ParamControl
              key={choice.path}
              spec={choice.spec}
              label="Value for B"
              value={bValue}
              onCommit={(v) => {
                setValue(v);
                setError('');
              }}
            />
          </>
        ) : null}
        {error ? (
          <p className="param-error" role="alert">
            {error}
          </p>
        ) : null}
        <div className="row">
          <button type="button" className="primary" onClick={() => void go()}>
            Compare
          </button>
          <button type="button" onClick={() => dialogRef.current?.close()}>
            Cancel
          </button>
        </div>
      </dialog>
    </>
  );
}
