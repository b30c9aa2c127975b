// The title a student sees for a run (runTitle: the story panel's heading, the embed's head, the
// printed summary) states no number the run contradicts: every number in it is the run's own,
// filled from its `{path}` in human units, or a citation of the paper (Sec. 7.2, Fig. 3). The
// preset chooser's options are presets' titles; while the run differs from its preset it shows
// that instead (StoryPanel.PresetSelect, e2e/mainscreen.spec.ts).
import { describe, expect, it } from 'vitest';
import described from '../../test/fixtures/describe.json';
import type { Json, Scenario } from '../params/types';
import { findSpec, normalizeSpecs } from '../params/specs';
import { PRESETS, cloneScenario, findPreset } from './presets';
import { flatten, getPath, setPath } from '../../../wasm-core/js/paths.mjs';
import { kindIn } from './changeKind';
import { runTitle, storyPaths, storyValue } from './storyText';

const specs = normalizeSpecs(described);

/** References to the papers and names of their schemes: numbers that are not the run's. */
const CITATION =
  /\b(?:Secs?\.|section|Figs?\.|Exp\.|Eqs?\.|Table)\s*[\dIVX]+(?:\.\d+)?(?:\([a-z]\))?(?:-\d+)?|\bS\d\b|\bns-\d\b|\bTED 1 ACK\b|\bPI-TB\b|\bL4S\b|\bDualPI2\b/g;
const NUMBER = /\d+(?:[.,]\d+)*(?:e-?\d+)?/g;
const NUMBER_WORD =
  /\b(?:one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|twenty|fifty|hundred|thousand|half|double|twice)\b/i;

const numbersIn = (text: string) => text.replace(CITATION, ' ').match(NUMBER) ?? [];

/** A different value the field allows: twice as much, or half when twice is out of range. */
function other(s: Scenario, path: string, v: number): number {
  const spec = findSpec(specs, path, kindIn(specs, s));
  const int = Number.isInteger(v) && (spec?.type === 'integer' || spec?.display === 'count' || !spec);
  const max = spec?.max ?? Number.POSITIVE_INFINITY;
  const min = spec?.min ?? 0;
  let n = v === 0 ? Math.min(max, 1) : v * 2;
  if (n > max) n = v / 2;
  if (int) n = Math.round(n) === v ? v + 1 : Math.round(n);
  return Math.max(min, n);
}

/** The run's changes to try for a preset: each numeric field, each filled path, the loss schedule. */
function variants(template: string, s: Scenario): [string, Scenario][] {
  const paths = new Set<string>(storyPaths(template).filter((p) => p !== 'exoLoss'));
  for (const [path, v] of flatten(s)) if (typeof v === 'number' && path !== 'version') paths.add(path);
  const out: [string, Scenario][] = [];
  for (const path of paths) {
    const v: Json | undefined = getPath(s, path) ?? findSpec(specs, path, kindIn(specs, s))?.default ?? undefined;
    if (typeof v !== 'number') continue;
    const n = cloneScenario(s);
    if (setPath(n, path, other(s, path, v))) out.push([path, n]);
  }
  const steps = getPath(s, 'exoLoss.steps');
  if (Array.isArray(steps)) {
    const n = cloneScenario(s);
    setPath(n, 'exoLoss.steps', [
      [0, 0.02],
      [7, 0.03],
    ]);
    out.push(['exoLoss.steps', n]);
  }
  return out;
}

describe('run titles', () => {
  it("filled from its preset's own scenario, a title template is the preset's name", () => {
    for (const p of PRESETS) if (p.titleTemplate) expect(runTitle(p, p.scenario, specs), p.id).toBe(p.title);
  });

  it('a title states the numbers of its run only through {path}s, never as fixed text', () => {
    for (const p of PRESETS) {
      // Outside its {name}s and its guards' conditions ("[[flows=2 ?").
      const literal = (p.titleTemplate ?? p.title).replace(/\{[^}]*\}/g, ' ').replace(/\[\[[^?]*\?/g, ' ');
      expect(numbersIn(literal), `${p.id}: "${p.titleTemplate ?? p.title}"`).toEqual([]);
      expect(literal, p.id).not.toMatch(NUMBER_WORD);
    }
  });

  // About 800 changed runs, each titled: 1-2 s alone, more beside the other test files on two cores.
  it(
    'changing any number of any preset leaves no number in its title that the run contradicts',
    { timeout: 30_000 },
    () => {
      let checked = 0;
      for (const p of PRESETS) {
        const template = p.titleTemplate ?? '';
        for (const [path, s] of variants(template, p.scenario)) {
          const shown = runTitle(p, s, specs);
          // Each number shown is one the changed run states for a filled path.
          const runs = storyPaths(template).flatMap((f) => numbersIn(storyValue(specs, s, f) ?? ''));
          for (const n of numbersIn(shown)) expect(runs, `${p.id}, ${path} changed: "${shown}"`).toContain(n);
          // A filled path that changed shows its new value.
          if (storyPaths(template).includes(path))
            expect(shown, `${p.id}, ${path}`).toContain(storyValue(specs, s, path));
          checked++;
        }
      }
      expect(checked).toBeGreaterThan(200);
    },
  );

  it('reads "30 Vegas flows" once the run has 30, in human units', () => {
    const p = findPreset('htt-dumbbell-vegas-droptail')!;
    expect(runTitle(p, p.scenario, specs)).toBe(
      'Head-to-Tail baseline, DropTail: 100 Vegas flows, 100 Mb/s, 100-packet buffer (Sec. 7.2)',
    );
    const s = cloneScenario(p.scenario);
    setPath(s, 'flows.count', 30);
    setPath(s, 'topology.bottleneckRate', 2.5e6);
    expect(runTitle(p, s, specs)).toBe(
      'Head-to-Tail baseline, DropTail: 30 Vegas flows, 2.5 Mb/s, 100-packet buffer (Sec. 7.2)',
    );
  });

  it("a run's own name (not its preset's) is shown as it is; no name and no preset: a plain word", () => {
    const p = findPreset('bufferbloat-droptail')!;
    expect(runTitle(p, { ...p.scenario, name: 'My run' }, specs)).toBe('My run');
    expect(runTitle(undefined, { version: 1 }, specs)).toBe('Scenario');
  });
});
