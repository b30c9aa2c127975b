// One control generated from a parameter spec: label, input of the right kind, unit, help
// tooltip and, for invalid input, a message naming the field and the allowed range. The control
// reads what is typed (a number with its unit, JSON, a choice); whether the value is allowed is
// the core's to say: the panel passes the core's check of its draft as `problem`, and a commit
// the core refuses (a live change, the fluid model) resolves with its reason, shown here.
import { useEffect, useId, useRef, useState } from 'react';
import type { Json, ParamSpec } from '../params/types';
import { coerceValue, rangeText } from '../params/specs';
import {
  NARROW_FRACTION_MAX,
  SLIDER_STEPS,
  type Scale,
  formatHuman,
  fromSlider,
  humanRange,
  logSlider,
  parseHuman,
  scaleFor,
  toScale,
  toSlider,
} from '../params/units';

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

/**
 * Slider nudges (arrow keys, a drag) that follow each other within this time become one
 * change: ten arrow presses make one live change, one chart mark and one entry in the link.
 */
export const COALESCE_MS = 800;

/** A number in a box's unit: "0.1 ms", "2%", "250 packets" (no unit: as formatHuman words it). */
export function inBoxUnit(v: number, spec: ParamSpec, unit: Scale | null): string {
  if (!unit) return formatHuman(v, spec);
  const n = toScale(v, unit);
  return unit.unit === '%' ? `${n}%` : `${n} ${unit.unit}`;
}

function toText(v: Json | undefined, spec: ParamSpec, scale?: Scale | null): string {
  if (v === undefined) v = spec.default;
  if (v === null) return '';
  if (typeof v === 'number' && spec.display) return toScale(v, scale === undefined ? scaleFor(spec, v) : scale);
  return typeof v === 'object' ? JSON.stringify(v) : String(v);
}

/** The unit typed after a number ("500 kb/s" -> kb/s), when it is one of the spec's scales. */
function typedScale(raw: string, spec: ParamSpec): Scale | null {
  const unit = /^\s*[-+]?(?:\d+\.?\d*|\.\d+)(?:e[-+]?\d+)?\s*(\S+)\s*$/i.exec(raw)?.[1];
  if (!unit) return null;
  const p = parseHuman(`1 ${unit}`, spec, null);
  if (!p.ok) return null;
  const sc = scaleFor(spec, p.value);
  return sc && Math.abs(sc.factor - p.value) < 1e-12 * Math.max(1, p.value) ? sc : null;
}

/** The unit a number is shown in beside its box (Mb/s for 16e6 bit/s), null when shown as is. */
function shownScale(v: Json | undefined, spec: ParamSpec): Scale | null {
  const n = typeof v === 'number' ? v : typeof spec.default === 'number' ? spec.default : 0;
  return spec.display ? scaleFor(spec, n) : null;
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
  // The unit beside the box. It never changes by itself: a value the user commits here is shown in
  // the unit it was typed in (0.1 in a box in ms stays 0.1 ms, not 100 µs); only a value that
  // comes from elsewhere (a new run, a preset) picks the unit that suits it.
  const [scale, setScale] = useState<Scale | null>(() => shownScale(value, spec));
  const [text, setText] = useState(() => toText(value, spec, scale));
  const [error, setError] = useState<string | null>(null);
  /** The last value committed from this box, and the unit it was typed in. */
  const own = useRef<{ key: string; scale: Scale | null } | null>(null);
  /** What was typed and not yet committed: the page never overwrites it (a prefill, a re-render). */
  const editing = useRef(false);
  const valueKey = JSON.stringify(value ?? null);
  // Two kinds can share a field with different defaults (CoDel's and PIE's queue.target): a
  // value left to the default is shown again when the default changes.
  const specKey = `${spec.key}|${spec.display ?? ''}|${spec.unit ?? ''}|${JSON.stringify(spec.default ?? null)}`;
  useEffect(() => {
    if (editing.current) return;
    const mine = own.current?.key === valueKey;
    const sc = mine ? own.current!.scale : shownScale(value, spec);
    setScale(sc);
    setText(toText(value, spec, sc));
    setError(null);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the text follows the value's content and the spec's identity, not a new object per render
  }, [valueKey, specKey]);

  const numeric = spec.type === 'number' || spec.type === 'integer';
  const allowed = () => `Allowed: ${spec.display ? humanRange(spec) : rangeText(spec)}`;
  const named = (m: string) => (errorName ? `${errorName}: ${m}` : m);
  const check = (raw: string): Json | undefined => {
    let v: unknown = raw;
    if (spec.type === 'json') {
      try {
        v = JSON.parse(raw) as Json;
      } catch {
        v = undefined;
      }
    }
    if ((spec.nullable || spec.default === null) && raw.trim() === '' && spec.type !== 'string') v = null;
    else if (numeric && spec.display) {
      // "16 Mb/s", "10 ms", "2 %"; a bare number is in the unit shown beside the box.
      const p = parseHuman(raw, spec, scale);
      if (!p.ok) {
        setError(named(`${p.message.replace(/^[^:]*: /, '')}. ${allowed()}`));
        return undefined;
      }
      v = spec.type === 'integer' ? Math.round(p.value * 1e9) / 1e9 : p.value;
    }
    if (v === undefined) {
      setError(named(`not valid JSON. ${allowed()}`));
      return undefined;
    }
    const c = coerceValue(spec, v);
    if (numeric && !(c === null && (spec.nullable || spec.default === null)) && !Number.isFinite(c)) {
      setError(named(`"${raw}" is not a number. ${allowed()}`));
      return undefined;
    }
    setError(null);
    return c as Json;
  };
  const offer = (v: Json, unit: Scale | null = scale) => {
    const r = onCommit(v, unit);
    if (r)
      void r.then((reason) => {
        if (typeof reason === 'string') setError(named(reason));
      });
  };
  const commit = (raw: string, same = false) => {
    if (pending.current) {
      clearTimeout(pending.current.timer);
      pending.current = null;
    }
    editing.current = false;
    const v = check(raw);
    if (v === undefined) return;
    if (!same && JSON.stringify(v) === JSON.stringify(value ?? spec.default)) {
      // Nothing changed: the box shows the value as the page holds it again.
      setText(toText(value, spec, scale));
      return;
    }
    // Shown in the unit it was typed in: the box's unit, or one the user typed after the number.
    const sc = (spec.display && typedScale(raw, spec)) || scale;
    own.current = { key: JSON.stringify(v), scale: sc };
    offer(v, sc);
  };
  // The slider's latest value, committed once it has been still for COALESCE_MS.
  const pending = useRef<{ timer: ReturnType<typeof setTimeout>; raw: string } | null>(null);
  const commitRef = useRef(commit);
  commitRef.current = commit;
  const commitSoon = (raw: string) => {
    if (pending.current) clearTimeout(pending.current.timer);
    pending.current = {
      raw,
      timer: setTimeout(() => {
        const p = pending.current;
        if (p) commitRef.current(p.raw);
      }, COALESCE_MS),
    };
  };
  // Leaving (a new run replaced the panel) drops what was pending: it was meant for the old run.
  useEffect(
    () => () => {
      const p = pending.current;
      if (p) {
        clearTimeout(p.timer);
        pending.current = null;
      }
    },
    [],
  );

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
