// The URL keys of the teaching tools, apart from the scenario format (scenarioUrl.ts calls in):
//
//   compare=queue.kind:red        compare mode: B is this scenario with one field changed
//   unlock=flows.exoLoss,link.rate a locked page: only these live parameters may change
//   unlock=none                   a locked page where nothing may change
//   student=1                     student mode: advanced panels hidden
//
// Lock ids name a live parameter by its group and key: `flows.<key>` (all flows or one),
// `queue.<key>` (the bottleneck queue), `link.<key>` (the bottleneck link); see embed/lock.ts.
import type { Json } from '../params/types';
import { isLinkNumber } from './linkNumber';

export interface CompareDiff {
  /** Dotted scenario path that differs in B ("queue.kind", "flows.cc", "queue.maxP"). */
  path: string;
  value: Json;
}

export interface TeachState {
  compare: CompareDiff | null;
  /** Live parameters that may change (lock ids); null: the page is not locked. */
  unlock: string[] | null;
  student: boolean;
}

export const TEACHING_KEYS = ['compare', 'unlock', 'student'] as const;

export function defaultTeach(): TeachState {
  return { compare: null, unlock: null, student: false };
}

const PATH_RE = /^[A-Za-z_]\w*(\.[A-Za-z_]\w*)*$/;
const LOCK_ID_RE = /^(flows|queue|link)\.[A-Za-z_]\w*$/;

function diffValueText(v: Json): string {
  return typeof v === 'string' ? v : JSON.stringify(v);
}

export function encodeTeaching(t: TeachState): string[] {
  const out: string[] = [];
  if (t.compare)
    out.push(`compare=${t.compare.path}:${encodeURIComponent(diffValueText(t.compare.value)).replace(/%2C/g, ',')}`);
  if (t.unlock) out.push(`unlock=${t.unlock.length ? t.unlock.join(',') : 'none'}`);
  if (t.student) out.push('student=1');
  return out;
}

/** Reads one teaching key into `t`; false if `key` is not one of them. What is bad is named in `dropped`. */
export function decodeTeachingKey(key: string, raw: string, t: TeachState, dropped: string[]): boolean {
  switch (key) {
    case 'compare': {
      const colon = raw.indexOf(':');
      const path = colon > 0 ? raw.slice(0, colon) : '';
      const text = colon > 0 ? raw.slice(colon + 1) : '';
      if (!PATH_RE.test(path) || text === '') {
        dropped.push(`compare=${raw}: expected scenario.path:value (e.g. queue.kind:red)`);
        return true;
      }
      let value: Json = text;
      if (text === 'true' || text === 'false') value = text === 'true';
      else if (isLinkNumber(text)) value = Number(text);
      t.compare = { path, value };
      return true;
    }
    case 'unlock': {
      if (raw === 'none') {
        t.unlock = [];
        return true;
      }
      const ids = raw.split(',').filter(Boolean);
      const bad = ids.filter((id) => !LOCK_ID_RE.test(id));
      for (const b of bad) dropped.push(`unlock "${b}": expected flows.<key>, queue.<key> or link.<key>`);
      // A lock list that cannot be read entirely still locks: what was unreadable stays locked.
      t.unlock = ids.filter((id) => LOCK_ID_RE.test(id));
      return true;
    }
    case 'student':
      if (raw === '1' || raw === 'true') t.student = true;
      else if (raw === '0' || raw === 'false') t.student = false;
      else dropped.push(`student=${raw}: expected 1 or 0`);
      return true;
    default:
      return false;
  }
}
