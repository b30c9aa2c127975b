// Locking a page (an embed, usually) to a list of live parameters students may change. The
// list is part of the URL (`unlock=`, url/teachingUrl.ts). Everything that can change the run
// asks here: the live controls, the flow table, host messages and later changes of the URL.
// Lock ids: `flows.<key>` (all flows or one), `queue.<key>`, `link.<key>`.
import type { Manifest, ParamSpec } from '../params/types';
import { liveControls } from '../scenario/liveParams';
import { flatten, jsonEqual } from '../../../wasm-core/js/paths.mjs';
import { findSpec } from '../params/specs';
import { kindIn } from '../scenario/changeKind';
import type { AppState, LiveChange } from '../url/scenarioUrl';

/** The lock id of a live change's entity and key ("flow.3", "weight" -> "flows.weight"). */
export function lockId(entity: string, key: string): string {
  const group = entity.split('.')[0] ?? entity;
  return `${group === 'flow' ? 'flows' : group}.${key}`;
}

/** The lock ids a run offers (its live controls), in the order the live panel shows them. */
export function lockableIds(specs: readonly ParamSpec[], m: Manifest | null): { id: string; label: string }[] {
  const out: { id: string; label: string }[] = [];
  for (const c of liveControls(specs, m)) {
    const id = lockId(c.entity, c.key);
    if (!out.some((x) => x.id === id))
      out.push({ id, label: `${c.spec.label}${c.entity === 'flows' ? ' (flows)' : ` (${c.entity.split('.')[0]})`}` });
  }
  return out;
}

/** A lock id by the live control's label: "flows.exoLoss" -> "Exogenous loss (flows)". */
export function lockLabel(specs: readonly ParamSpec[], id: string): string {
  const [group, key] = id.split('.') as [string, string];
  const spec =
    specs.find((sp) => sp.key === `live.${group === 'flows' ? 'flow' : group}.${key}`) ??
    specs.find((sp) => group === 'queue' && sp.key.startsWith('queue.') && sp.key.endsWith(`.${key}`) && sp.live);
  return spec ? `${spec.label} (${group})` : id;
}

/**
 * Why a change of this parameter is refused, or null when it may change: "Buffer (queue) is
 * locked by the instructor (only Exogenous loss (flows) may change here)", by the live controls'
 * labels (ids without a spec stay as they are).
 */
export function lockReason(
  unlock: readonly string[] | null,
  entity: string,
  key: string,
  specs: readonly ParamSpec[] = [],
): string | null {
  if (unlock === null) return null;
  const id = lockId(entity, key);
  if (unlock.includes(id)) return null;
  const may = unlock.length
    ? `only ${unlock.map((u) => lockLabel(specs, u)).join(', ')} may change here`
    : 'nothing may change here';
  return `${lockLabel(specs, id)} is locked by the instructor (${may})`;
}

function liveKey(c: LiveChange): string {
  return `${c.t}:${c.entity}:${c.key}:${c.value}`;
}

/**
 * What a new URL of a locked page would change beyond the unlocked parameters, one line per
 * field (empty: the change may be applied). The scenario, preset, lock list, compare and
 * student settings and the panels are fixed; live changes may differ only in unlocked ones.
 */
export function lockViolations(cur: AppState, next: AppState, specs: readonly ParamSpec[] = []): string[] {
  const unlock = cur.teach.unlock;
  if (unlock === null) return [];
  const out: string[] = [];
  // Each field by the label the page shows for it ("Buffer", "Exogenous loss kind"), not its key.
  const kinds = kindIn(specs, cur.scenario);
  const locked = (field: string) => `${field} is locked by the instructor`;
  if (next.preset !== cur.preset) out.push(locked('The preset'));
  const a = flatten(cur.scenario);
  const b = flatten(next.scenario);
  for (const path of new Set([...a.keys(), ...b.keys()])) {
    if (!jsonEqual(a.get(path), b.get(path))) out.push(locked(findSpec(specs, path, kinds)?.label ?? path));
  }
  if (JSON.stringify(next.teach.unlock) !== JSON.stringify(unlock))
    out.push('What may change here is set by the instructor: a link cannot change it');
  if (JSON.stringify(next.teach.compare) !== JSON.stringify(cur.teach.compare)) out.push(locked('Compare'));
  if (next.teach.student !== cur.teach.student) out.push(locked('Student mode'));
  if (next.view.panels.join(',') !== cur.view.panels.join(',')) out.push(locked('The choice of panels'));
  // Live changes: the multiset of changes to locked parameters must stay the same.
  const lockedLive = (list: LiveChange[]) =>
    list
      .filter((c) => lockReason(unlock, c.entity, c.key) !== null)
      .map(liveKey)
      .sort();
  const was = lockedLive(cur.live);
  const now = lockedLive(next.live);
  if (was.join(';') !== now.join(';')) {
    const changed = new Set<string>();
    for (const c of next.live)
      if (lockReason(unlock, c.entity, c.key) && !was.includes(liveKey(c))) changed.add(lockId(c.entity, c.key));
    for (const c of cur.live)
      if (lockReason(unlock, c.entity, c.key) && !now.includes(liveKey(c))) changed.add(lockId(c.entity, c.key));
    for (const id of changed) out.push(locked(lockLabel(specs, id)));
  }
  return out;
}
