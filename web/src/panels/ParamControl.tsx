// One control generated from a parameter spec: label, input of the right kind, unit, help
// tooltip and, for invalid input, a message naming the field and the allowed range. The control
// reads what is typed (a number with its unit, JSON, a choice); whether the value is allowed is
// the core's to say: the panel passes the core's check of its draft as `problem`, and a commit
// the core refuses (a live change, the fluid model) resolves with its reason, shown here.
import { useId } from 'react';
import type { Json, ParamSpec } from '../params/types';
import {
  NARROW_FRACTION_MAX,
  SLIDER_STEPS,
  type Scale,
  formatHuman,
  fromSlider,
  logSlider,
  parseHuman,
  toScale,
  toSlider,
} from '../params/units';
import { toText, useParamDraft } from './useParamDraft';

export interface ParamControlProps {
  spec: ParamSpec;
  value: Json | undefined;
  /**
   * Takes a value; may resolve with the core's reason for refusing it (shown at the control).
   * `unit` is the unit the box shows (null: none), for a reason worded in it.
   */
  onCommit: (value: Json, unit: Scale | null) => void | Promise<string | null | void>;
  /**
   * Enter offers the value even when it equals the one shown (a live change: setting exogenous
   * loss replaces the loss schedule even at the rate in force now). Blur and the slider offer
   * only a different value.
   */
  enterCommitsSame?: boolean;
  /** What the core's check says about the value the control holds (null: nothing). */
  problem?: string | null;
  /** Overrides the spec's label (e.g. "flow 3 weight"). */
  label?: string;
  /** Show a slider beside the number box (for bounded, live parameters). */
  slider?: boolean;
  disabled?: boolean;
  /** Why the control cannot be changed (a locked embed): disables it and says so in its tooltip. */
  lockedReason?: string | null;
  /** Hide the label visually (tables); it stays for screen readers. */
  compact?: boolean;
  /** Names the field in the message for invalid input ("Flow 2 start: Allowed: ..."). */
  errorName?: string;
}

/** A number in a box's unit: "0.1 ms", "2%", "250 packets" (no unit: as formatHuman words it). */
export function inBoxUnit(v: number, spec: ParamSpec, unit: Scale | null): string {
  if (!unit) return formatHuman(v, spec);
  const n = toScale(v, unit);
  return unit.unit === '%' ? `${n}%` : `${n} ${unit.unit}`;
}

export function ParamControl({
  spec,
  value,
  onCommit,
  enterCommitsSame,
  label,
  slider,
  disabled: off,
  lockedReason,
  compact,
  errorName,
  problem,
}: ParamControlProps) {
  const disabled = off || !!lockedReason;
  const id = useId();
  const { scale, text, setText, error, setError, editing, numeric, named, check, offer, commit, commitSoon } =
    useParamDraft(spec, value, onCommit, errorName);

  const shownError = error ?? (problem ? named(problem) : null);
  const helpId = `${id}-help`;
  const errId = `${id}-err`;
  const described = [spec.help ? helpId : '', shownError ? errId : ''].filter(Boolean).join(' ') || undefined;
  const name = label ?? spec.label;
  const unitText = scale ? scale.unit : spec.unit;
  const unit = unitText ? <span className="unit">{unitText}</span> : null;
  const log = logSlider(spec);
  const bounded = spec.min !== undefined && spec.max !== undefined && (log || spec.max - spec.min <= 1e5);
  // Probabilities: the slider spans 0-10 % unless asked for more (or the value is beyond).
  const narrowable = spec.display === 'fraction' && spec.max !== undefined && spec.max > NARROW_FRACTION_MAX;
  const current = typeof value === 'number' ? value : typeof spec.default === 'number' ? spec.default : 0;
  // Typing a larger value (or a value beyond 10 % in the link) widens it to the spec's range.
  const narrow = narrowable && current <= NARROW_FRACTION_MAX;
  const lo = spec.min ?? 0;
  const hi = narrow ? NARROW_FRACTION_MAX : (spec.max ?? 1);
  const textValue = (() => {
    const p = spec.display ? parseHuman(text, spec, scale) : null;
    return p ? (p.ok ? p.value : Number.NaN) : Number(text);
  })();

  let input: React.ReactNode;
  if (spec.type === 'boolean') {
    input = (
      <input
        id={id}
        type="checkbox"
        checked={value === undefined ? spec.default === true : value === true}
        disabled={disabled}
        aria-describedby={described}
        onChange={(e) => offer(e.target.checked)}
      />
    );
  } else if (spec.type === 'enum') {
    input = (
      <select
        id={id}
        value={toText(value, spec, scale)}
        disabled={disabled}
        aria-describedby={described}
        onChange={(e) => commit(e.target.value)}
      >
        {(spec.options ?? []).map((o) => (
          <option key={o} value={o}>
            {spec.optionLabels?.[o] ?? o}
          </option>
        ))}
      </select>
    );
  } else {
    input = (
      <>
        {slider && numeric && bounded ? (
          <>
            <input
              type="range"
              aria-label={`${name} slider`}
              min={0}
              max={SLIDER_STEPS}
              step={1}
              disabled={disabled}
              aria-valuetext={`${text} ${unitText}`.trim()}
              title={narrow ? 'The slider spans 0-10 %; type a larger value in the box for more' : undefined}
              value={toSlider(Number.isFinite(textValue) ? textValue : lo, lo, hi, log)}
              onChange={(e) => {
                const v = fromSlider(Number(e.target.value), lo, hi, log, spec.type === 'integer');
                const t = toText(v, spec, scale);
                editing.current = true;
                setText(t);
                check(t);
                commitSoon(t);
              }}
            />
          </>
        ) : null}
        <input
          id={id}
          type="text"
          inputMode={numeric && !spec.display ? 'decimal' : 'text'}
          value={text}
          disabled={disabled}
          aria-invalid={shownError ? true : undefined}
          aria-describedby={described}
          className={numeric ? 'num' : 'txt'}
          placeholder={spec.nullable ? 'none' : undefined}
          onChange={(e) => {
            editing.current = true;
            setText(e.target.value);
            check(e.target.value);
          }}
          // Leaving a box commits what was typed in it; a box only visited changes nothing.
          onBlur={(e) => {
            if (editing.current) commit(e.target.value);
          }}
          onKeyDown={(e) => {
            if (e.key === 'Enter') {
              // Enter sets this box's value; it does not also submit a form the box is in (the
              // scenario editor runs from its buttons).
              e.preventDefault();
              commit((e.target as HTMLInputElement).value, enterCommitsSame);
            }
            if (e.key === 'Escape') {
              editing.current = false;
              setText(toText(value, spec, scale));
              setError(null);
            }
          }}
        />
      </>
    );
  }
  return (
    <div
      className={`param${shownError ? ' invalid' : ''}${compact ? ' compact' : ''}${lockedReason ? ' locked' : ''}`}
      data-key={spec.key}
      title={lockedReason ?? undefined}
      data-locked={lockedReason ? 'true' : undefined}
    >
      <label htmlFor={id} title={lockedReason ?? (spec.help || undefined)} className={compact ? 'sr-only' : undefined}>
        {name}
      </label>
      <span className="param-input">
        {input}
        {unit}
      </span>
      {spec.help ? (
        <span id={helpId} className="sr-only">
          {spec.help}
        </span>
      ) : null}
      {shownError ? (
        <span id={errId} className="param-error" role="alert">
          {shownError}
        </span>
      ) : null}
    </div>
  );
}
