// The postMessage protocol between an embedded page and its host (docs/teaching.md).
//
// Host -> page (only from the parent window and, when the embed code names it with
// `&host=ORIGIN`, only from that origin: useEmbedHost.ts; then the content is checked):
//   { type: "bottleneck-lab:set", param: "flows.exoLoss", value: 0.05, flow?: 3 }
//   { type: "bottleneck-lab:play" } | { type: "bottleneck-lab:pause" }
//   { type: "bottleneck-lab:lesson-record" }          asks for the lesson's hand-in record
//   { type: "bottleneck-lab:watch-lesson" }            ... and for it again at each answer and reveal
// Page -> host:
//   { type: "bottleneck-lab:height", height }         when the page's height changes
//   { type: "bottleneck-lab:result", ok, request, message? } the answer to each host message
//   { type: "bottleneck-lab:record", record, statements } the lesson's record (lessons/handIn.ts)
//                                                      and its xAPI statements
//
// `param` is a lock id (embed/lock.ts); a locked one, an unknown one or a value out of the
// spec's range is refused with a message naming the field.
import type { Manifest, ParamSpec } from '../params/types';
import { specForLive } from '../scenario/liveParams';
import { lockId, lockLabel, lockReason } from './lock';
import { FORBIDDEN_SEGMENTS } from '../../../wasm-core/js/paths.mjs';

export const MSG_PREFIX = 'bottleneck-lab:';

export type HostCommand =
  | { kind: 'set'; entity: string; key: string; value: number; field: string }
  | { kind: 'play' }
  | { kind: 'pause' }
  | { kind: 'lesson-record' }
  | { kind: 'watch-lesson' };

export type Parsed = { ok: true; command: HostCommand } | { ok: false; message: string } | null;

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/**
 * Reads a host message. null: not ours (other scripts on the host talk too). Otherwise the
 * command, or a refusal naming the field, checked against the lock list and the specs.
 */
export function parseHostMessage(
  data: unknown,
  specs: readonly ParamSpec[],
  m: Manifest | null,
  unlock: readonly string[] | null,
): Parsed {
  if (!isRecord(data) || typeof data.type !== 'string' || !data.type.startsWith(MSG_PREFIX)) return null;
  const type = data.type.slice(MSG_PREFIX.length);
  if (type === 'height' || type === 'result' || type === 'record') return null; // our own messages, echoed
  if (type === 'play' || type === 'pause' || type === 'lesson-record' || type === 'watch-lesson')
    return { ok: true, command: { kind: type } };
  if (type !== 'set')
    return {
      ok: false,
      message: `message type "${data.type}": expected ${MSG_PREFIX}set, play, pause, lesson-record or watch-lesson`,
    };
  if (!m) return { ok: false, message: 'set: the simulation is not running yet' };
  const param = data.param;
  if (typeof param !== 'string' || !/^(flows|queue|link)\.\w+$/.test(param)) {
    return { ok: false, message: `param ${JSON.stringify(param)}: expected flows.<key>, queue.<key> or link.<key>` };
  }
  const [group, key] = param.split('.') as [string, string];
  if (FORBIDDEN_SEGMENTS.has(key))
    return { ok: false, message: `param ${JSON.stringify(param)}: "${key}" is not a parameter` };
  let entity: string;
  if (group === 'flows') {
    if (data.flow === undefined) entity = 'flows';
    else if (Number.isInteger(data.flow) && (data.flow as number) >= 0) entity = `flow.${data.flow as number}`;
    else return { ok: false, message: `flow ${JSON.stringify(data.flow)}: expected a flow number` };
  } else if (m.bottleneck) entity = `${group}.${m.bottleneck}`;
  else return { ok: false, message: `${param}: this run has no bottleneck link` };
  const locked = lockReason(unlock, entity, key, specs);
  if (locked) return { ok: false, message: locked };
  const control = specForLive(specs, m, entity, key);
  if (!control?.live) return { ok: false, message: `${param}: not a live parameter of this scenario` };
  // Numbers must be numbers: the text "0.05" is refused, not read as 0.05. Named by the control's label.
  if (typeof data.value !== 'number' && typeof data.value !== 'boolean') {
    const got = data.value === null ? 'nothing' : typeof data.value === 'string' ? 'text' : typeof data.value;
    return { ok: false, message: `${lockLabel(specs, lockId(entity, key))}: expected a number, got ${got}` };
  }
  // The range is the core's to judge: a value it refuses comes back from bl_set_param, naming the field and range.
  const value = typeof data.value === 'boolean' ? Number(data.value) : data.value;
  return { ok: true, command: { kind: 'set', entity, key, value, field: param } };
}
