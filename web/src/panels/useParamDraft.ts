// The draft of one parameter control: the text in its box, the unit beside it, the message
// for what cannot be taken, and committing (at once, or for the slider once it rests).
// Whether a value is allowed is the core's to say; this reads what is typed.
import { useEffect, useRef, useState } from 'react';
import type { Json, ParamSpec } from '../params/types';
import { coerceValue, rangeText } from '../params/specs';
import { type Scale, humanRange, parseHuman, scaleFor, toScale } from '../params/units';

/**
 * Slider nudges (arrow keys, a drag) that follow each other within this time become one
 * change: ten arrow presses make one live change, one chart mark and one entry in the link.
 */
export const COALESCE_MS = 800;

export function toText(v: Json | undefined, spec: ParamSpec, scale?: Scale | null): string {
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

export function useParamDraft(
  spec: ParamSpec,
  value: Json | undefined,
  onCommit: (value: Json, unit: Scale | null) => void | Promise<string | null | void>,
  errorName: string | undefined,
) {
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

  return { scale, text, setText, error, setError, editing, numeric, named, check, offer, commit, commitSoon };
}
