import { describe, expect, it } from 'vitest';
import { findSpec, kindsOfGroup, normalizeSpecs } from '../params/specs';
import { ADVANCED_FIELDS } from './studentMode';
import described from '../../test/fixtures/describe.json';

// Student mode only chooses which of the core's fields a first lab sees: each path it hides must
// be a field the describe document has (under some kind of its group), so a renamed or removed
// spec fails here instead of silently showing again.
describe('student mode hides fields of the describe document', () => {
  const specs = normalizeSpecs(described);
  it.each([...ADVANCED_FIELDS])('%s is a spec path', (path) => {
    const group = path.slice(0, path.lastIndexOf('.'));
    const kinds = group ? kindsOfGroup(specs, group) : [];
    const found = [undefined, ...kinds].some((k) => findSpec(specs, path, () => k) !== undefined);
    expect(found).toBe(true);
  });
  it('a path the core does not describe is caught', () => {
    const specs2 = normalizeSpecs(described);
    expect(findSpec(specs2, 'flows.noSuchField', () => 'newreno')).toBeUndefined();
  });
});
