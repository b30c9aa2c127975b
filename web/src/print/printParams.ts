// The print summary's parameter lines: the scenario's fields by the page's labels and in human
// units, what the run has (its loss model, the TCP variant where a window rule uses it, a graph's
// links as built) from its manifest. Raw keys and SI numbers stay in the JSON export.
import type { Json, Manifest, ParamSpec, Scenario } from '../params/types';
import { findSpec } from '../params/specs';
import { formatHuman, scaleFor } from '../params/units';
import { flatten, isPlainObject } from '../../../wasm-core/js/paths.mjs';
import { fieldName, fieldSpec, fieldValue } from '../scenario/fieldNames';
import { storyValue } from '../scenario/storyText';

/** Lines one list of entries (flow overrides, a graph's flows) prints at most. */
const MAX_ENTRY_LINES = 6;

/** Items of a list printed one by one; a longer list (a trace file's delivery times) is summed up. */
const MAX_LIST_ITEMS = 12;

/**
 * A value in the field's units: a list of numbers item by item ("100 Mb/s, 150 Mb/s"), a long one
 * as its count, first items and last ("48000 values: 0 ms, 1 ms, 1 ms, …, 119.99 s").
 */
function valueText(specs: readonly ParamSpec[], s: Scenario, path: string, v: Json): string {
  if (Array.isArray(v) && v.every((x) => typeof x === 'number' || typeof x === 'string')) {
    // A list's spec has no display of its own: its unit's (bit/s shown as Mb/s).
    const spec = fieldSpec(specs, s, path);
    const shown = spec?.display ? spec : specs.find((x) => x.display && spec?.unit && x.unit === spec.unit);
    const item = (x: Json) => (typeof x === 'number' && shown ? formatHuman(x, shown) : String(x));
    if (v.length <= MAX_LIST_ITEMS) return v.map(item).join(', ');
    return `${v.length} values: ${v.slice(0, 3).map(item).join(', ')}, …, ${item(v[v.length - 1]!)}`;
  }
  if (typeof v === 'number') {
    const spec = fieldSpec(specs, s, path);
    // A rate, a time or a fraction in its scale's unit ("16 Mb/s", "900 µs", "2%").
    if (spec && scaleFor(spec, v)) return formatHuman(v, spec);
    // Another number as a story writes it ("1,000", "1.822e-5"), with the unit a story writes
    // after it ("{queue.buffer} packets").
    const said = storyValue(specs, s, path);
    if (said === null) return fieldValue(specs, s, path, v);
    return spec?.unit ? `${said} ${spec.unit}` : said;
  }
  return fieldValue(specs, s, path, v);
}

/** The entries of a list ("Flow 0: Congestion control BBR"), alike ones folded into one line. */
function entryLines(specs: readonly ParamSpec[], s: Scenario, key: string, list: Json[]): [string, string][] {
  const out: { name: string; text: string; alike: number }[] = [];
  list.forEach((entry, i) => {
    const at = `${key}[${i}]`;
    const name = fieldName(specs, s, at);
    const fields = isPlainObject(entry) ? [...flatten(entry)] : [];
    const text = fields
      .filter(([f]) => !(key === 'flowOverrides' && f === 'flow'))
      .map(([f, v]) => {
        const path = `${at}.${f}`;
        const label = fieldName(specs, s, path).slice(name.length + 2);
        return `${label} ${valueText(specs, s, path, v as Json)}`;
      })
      .join(', ');
    const last = out[out.length - 1];
    if (last && last.text === text) last.alike++;
    else out.push({ name, text: text || (isPlainObject(entry) ? 'as the scenario' : String(entry)), alike: 0 });
  });
  const lines = out.map((e): [string, string] => [e.alike ? `${e.name} and ${e.alike} more alike` : e.name, e.text]);
  if (lines.length > MAX_ENTRY_LINES) {
    const more = lines.length - MAX_ENTRY_LINES;
    return [...lines.slice(0, MAX_ENTRY_LINES), [`${more} more`, 'in the link and the JSON export']];
  }
  return lines;
}

/** A graph's links as the run built them: "Link L1: 100 Mb/s, 5 ms, Head-to-Tail queue of 100 packets". */
function linkLines(specs: readonly ParamSpec[], s: Scenario, m: Manifest): [string, string][] {
  const dumbbell = (g: string) => (g === 'topology' ? 'dumbbell' : undefined);
  const rate = findSpec(specs, 'topology.bottleneckRate', dumbbell);
  const delay = findSpec(specs, 'topology.bottleneckDelay', dumbbell);
  const kinds = specs.find((sp) => sp.key === 'queue.kind')?.optionLabels ?? {};
  const topo = s.topology;
  const links = isPlainObject(topo) && Array.isArray(topo.links) ? topo.links : [];
  const written = new Set(links.filter(isPlainObject).map((l) => l.name));
  return m.links
    .filter((l) => written.has(l.name))
    .map((l): [string, string] => [
      `Link ${l.name}`,
      `${rate ? formatHuman(l.rate, rate) : l.rate}, ${delay ? formatHuman(l.delay, delay) : l.delay}, ` +
        `${kinds[l.queue.kind] ?? l.queue.kind} queue of ${l.buffer} packets`,
    ]);
}

/** The TCP variant (loss recovery) of the flows whose window rule uses it; none when every rule keeps its own window (BBR). */
function variantLine(specs: readonly ParamSpec[], m: Manifest): [string, string] | null {
  const spec = specs.find((sp) => sp.key === 'flows.tcp');
  const used = [...new Set(m.flows.filter((f) => !f.ownsWindow).map((f) => f.recovery))];
  if (!used.length) return null;
  return [spec?.label ?? 'TCP variant', used.map((r) => spec?.optionLabels?.[r] ?? r).join(', ')];
}

export function printParams(specs: readonly ParamSpec[], s: Scenario, m: Manifest | null): [string, string][] {
  const out: [string, string][] = [];
  for (const [k, v] of flatten(s)) {
    // Said from the run below: the loss model as built, the TCP variant where it applies.
    if (k === 'version' || k === 'name' || k === 'exoLoss' || k.startsWith('exoLoss.') || k === 'flows.tcp') continue;
    if (k === 'topology.links' && m) {
      out.push(...linkLines(specs, s, m));
      continue;
    }
    if (Array.isArray(v) && v.some((x) => isPlainObject(x) || Array.isArray(x))) {
      out.push(...entryLines(specs, s, k, v));
      continue;
    }
    out.push([fieldName(specs, s, k), valueText(specs, s, k, v as Json)]);
  }
  if (m) {
    const loss = storyValue(specs, s, 'exoLoss', m);
    if (loss) out.push(['Exogenous loss', loss]);
    const variant = variantLine(specs, m);
    if (variant) out.push(variant);
  }
  return out;
}
