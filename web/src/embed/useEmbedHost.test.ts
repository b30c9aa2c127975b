// Which host messages an embedded page reads (issue 16): only the parent window's and, when
// the embed code names the host origin, only that origin's; numbers must be numbers.
import { describe, expect, it } from 'vitest';
import { acceptHostMessage, hostRule, namedHostOrigin } from './useEmbedHost';
import { testManifest } from '../params/manifestFixture';
import { parseHostMessage } from './hostMessages';
import { normalizeSpecs } from '../params/specs';

const parent = {} as Window;
const self = {} as Window;
const sibling = {} as Window;

describe('embed host messages', () => {
  it('reads the named host origin from the query, ignoring anything that is not an origin', () => {
    expect(namedHostOrigin('?embed=1&host=https://course.example/page?x=1')).toBe('https://course.example');
    expect(namedHostOrigin('?embed=1')).toBeNull();
    expect(namedHostOrigin('?embed=1&host=not a url')).toBeNull();
    expect(namedHostOrigin('?embed=1&host=data:text/html,x')).toBeNull();
    // Issue 28: a host that is not a valid origin refuses every host message (it once meant "any host").
    expect(hostRule('?embed=1')).toEqual({ origin: null });
    expect(hostRule('?embed=1&host=https://course.example/x')).toEqual({ origin: 'https://course.example' });
    for (const bad of [
      'course.example',
      'not a url',
      'data:text/html,x',
      'javascript:alert(1)',
      'ftp://course.example',
    ]) {
      const r = hostRule(`?embed=1&host=${encodeURIComponent(bad)}`);
      expect('refused' in r && r.refused).toMatch(
        new RegExp(
          `^host=: "${bad.replace(/[.()]/g, '\\$&')}" is not a web address.*messages from the host page are refused`,
        ),
      );
    }
  });

  it('accepts the parent only, and only from the named origin when there is one', () => {
    expect(acceptHostMessage({ source: parent, origin: 'https://a.example' }, parent, self, null)).toBe(true);
    expect(acceptHostMessage({ source: sibling, origin: 'https://a.example' }, parent, self, null)).toBe(false);
    expect(acceptHostMessage({ source: null, origin: 'https://a.example' }, parent, self, null)).toBe(false);
    expect(acceptHostMessage({ source: parent, origin: 'https://a.example' }, parent, self, 'https://a.example')).toBe(
      true,
    );
    expect(
      acceptHostMessage({ source: parent, origin: 'https://evil.example' }, parent, self, 'https://a.example'),
    ).toBe(false);
    // Not embedded at all: the window is its own parent, and nothing is read.
    expect(acceptHostMessage({ source: self, origin: 'https://a.example' }, self, self, null)).toBe(false);
  });

  it('refuses a number written as text', () => {
    const specs = normalizeSpecs({
      live: { flow: [{ key: 'exoLoss', label: 'Exogenous loss', min: 0, max: 1, default: 0, live: true }] },
    });
    const s = testManifest();
    expect(
      parseHostMessage({ type: 'bottleneck-lab:set', param: 'flows.exoLoss', value: '0.05' }, specs, s, null),
    ).toEqual({ ok: false, message: 'Exogenous loss (flows): expected a number, got text' });
    expect(
      parseHostMessage({ type: 'bottleneck-lab:set', param: 'flows.exoLoss', value: 0.05 }, specs, s, null),
    ).toMatchObject({ ok: true });
  });
});
