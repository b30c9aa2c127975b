import { describe, expect, it } from 'vitest';
import { decodeState, defaultState } from '../url/scenarioUrl';
import { type EmbedChoice, choiceFit, courseOrigin, embedMinHeight, embedSnippet, embedUrl } from './embedCode';
import { testManifest } from '../params/manifestFixture';
import { parseLessonsIndex } from './lessonsIndex';
import { CHART_IDS } from '../url/viewState';

const choice: EmbedChoice = {
  lesson: null,
  panels: ['controls', 'charts', 'flows'],
  charts: [...CHART_IDS],
  unlock: ['flows.exoLoss'],
  student: true,
  width: 800,
  height: 600,
  autoHeight: false,
  host: '',
};

describe('embed code', () => {
  it('links the scenario with its panels, lock list and student mode, and drops compare mode', () => {
    const s = defaultState();
    s.scenario.seed = 9;
    s.teach.compare = { path: 'queue.kind', value: 'red' };
    const url = embedUrl(s, choice, 'https://x.org/lab/');
    expect(url).toBe(
      'https://x.org/lab/?embed=1#v=1&seed=9&view.panels=controls,charts,flows&unlock=flows.exoLoss&student=1',
    );
    const back = decodeState(url.slice(url.indexOf('#'))).state;
    expect(back.teach).toEqual({ compare: null, unlock: ['flows.exoLoss'], student: true });
    expect(back.scenario.seed).toBe(9);
  });

  it('links a lesson as a bare lesson link (its own first step, not the scenario on screen), keeping view and teaching keys', () => {
    const s = defaultState();
    s.scenario.seed = 9;
    const url = embedUrl(s, { ...choice, lesson: 'red-vs-droptail', unlock: null, student: false }, 'https://x.org/');
    expect(url).toBe('https://x.org/?embed=1#lesson=red-vs-droptail&view.panels=controls,charts,flows');
    const back = decodeState(url.slice(url.indexOf('#'))).state;
    expect(back.lesson).toEqual({ id: 'red-vs-droptail', step: 1 });
    expect(back.view.panels).toEqual(['controls', 'charts', 'flows']);
    expect(embedUrl(s, { ...choice, lesson: 'red-vs-droptail' }, 'https://x.org/')).toBe(
      'https://x.org/?embed=1#lesson=red-vs-droptail&view.panels=controls,charts,flows&unlock=flows.exoLoss&student=1',
    );
  });

  it("names the course page's origin (&host=) in the query, for a scenario and a lesson", () => {
    const s = defaultState();
    s.scenario.seed = 9;
    const host = { ...choice, host: 'https://course.example', unlock: null, student: false };
    expect(embedUrl(s, host, 'https://x.org/')).toBe(
      'https://x.org/?embed=1&host=https%3A%2F%2Fcourse.example#v=1&seed=9&view.panels=controls,charts,flows',
    );
    expect(embedUrl(s, { ...host, lesson: 'red-vs-droptail' }, 'https://x.org/')).toBe(
      'https://x.org/?embed=1&host=https%3A%2F%2Fcourse.example#lesson=red-vs-droptail&view.panels=controls,charts,flows',
    );
  });

  it('reads a course origin from an address, and refuses what is not one, naming the field', () => {
    expect(courseOrigin('  https://course.example/week3/page?x=1 ')).toEqual({
      ok: true,
      origin: 'https://course.example',
    });
    expect(courseOrigin('http://localhost:8080')).toEqual({ ok: true, origin: 'http://localhost:8080' });
    expect(courseOrigin('')).toEqual({ ok: true, origin: null });
    for (const bad of ['course.example', 'data:text/html,x', 'javascript:alert(1)', 'ftp://x.org'])
      expect(courseOrigin(bad)).toEqual({
        ok: false,
        message: `Course page origin: "${bad}" is not a web address; expected https:// (or http://) and a host, such as https://course.example`,
      });
  });

  it('keeps the charts chosen, and a chart-only embed', () => {
    const url = embedUrl(
      defaultState(),
      { ...choice, panels: ['charts'], charts: ['queue', 'jain'] },
      'https://x.org/',
    );
    const back = decodeState(url.slice(url.indexOf('#'))).state;
    expect(back.view.charts).toEqual(['queue', 'jain']);
    expect(back.view.panels).toEqual(['charts']);
  });

  it('refuses an embed whose charts panel would show no chart, saying why', () => {
    const m = testManifest();
    const auto = { ...choice, panels: ['controls', 'charts'] as EmbedChoice['panels'], autoHeight: true };
    expect(choiceFit({ ...auto, charts: ['queue'] }, [], m).empty).toBeNull();
    expect(choiceFit({ ...auto, charts: [] }, [], m).empty).toBe(
      'No chart is chosen, so the embed would show none: tick at least one under Charts to show.',
    );
    // The BBR chart alone, in a run without BBR flows, draws nothing either.
    expect(choiceFit({ ...auto, charts: ['bbr'] }, [], m).empty).toMatch(/^The BBR model chart is drawn only for BBR/);
    expect(choiceFit({ ...auto, charts: ['bbr'] }, [], testManifest({ cc: 'bbr' })).empty).toBeNull();
    // No charts panel, or a lesson (its steps choose the charts): nothing to refuse.
    expect(choiceFit({ ...auto, panels: ['controls'], charts: [] }, [], m).empty).toBeNull();
    expect(choiceFit({ ...auto, lesson: 'bufferbloat', charts: [] }, [], m).empty).toBeNull();
  });

  it('writes a fixed-size iframe, or one that follows the height messages', () => {
    const fixed = embedSnippet('https://x.org/?embed=1#v=1&a=1', choice);
    expect(fixed).toBe(
      '<iframe src="https://x.org/?embed=1#v=1&amp;a=1" width="800" height="600" style="border:0" loading="lazy" title="Bottleneck Lab simulation"></iframe>',
    );
    const auto = embedSnippet('https://x.org/?embed=1#v=1', { ...choice, autoHeight: true });
    expect(auto).toContain('<iframe id="bottleneck-lab" src=');
    expect(auto).toContain('style="border:0;width:100%;max-width:800px"');
    expect(auto).toContain("e.source === f.contentWindow && e.data && e.data.type === 'bottleneck-lab:height'");
  });

  it('tells an auto-height page its least height (auto=), so its reported height can shrink again', () => {
    const url = embedUrl(defaultState(), { ...choice, autoHeight: true, height: 640 }, 'https://x.org/');
    expect(url.startsWith('https://x.org/?embed=1&auto=640#')).toBe(true);
    // After the host, when one is named.
    expect(embedUrl(defaultState(), { ...choice, autoHeight: true, host: 'https://c.org' }, 'https://x.org/')).toMatch(
      /^https:\/\/x\.org\/\?embed=1&host=https%3A%2F%2Fc\.org&auto=600#/,
    );
    expect(embedMinHeight(new URL(url).search)).toBe(640);
    // A fixed frame has none: the page fills the frame.
    expect(embedMinHeight(new URL(embedUrl(defaultState(), choice, 'https://x.org/')).search)).toBeNull();
    for (const bad of ['?auto=', '?auto=99', '?auto=10001', '?auto=6e2', '?auto=-640', '?auto=640px'])
      expect([bad, embedMinHeight(bad)]).toEqual([bad, null]);
    expect(embedMinHeight('?embed=1&auto=10000')).toBe(10000);
  });

  it('reads a lessons index, skipping entries it cannot use', () => {
    expect(parseLessonsIndex({ not: 'a list' })).toEqual([]);
    expect(
      parseLessonsIndex([
        { id: 'aimd', title: 'AIMD', summary: 'The sawtooth', topics: ['tcp', 3] },
        { id: '../etc', title: 'bad id' },
        { title: 'no id' },
      ]),
    ).toEqual([{ id: 'aimd', title: 'AIMD', summary: 'The sawtooth', topics: ['tcp'] }]);
  });
});
