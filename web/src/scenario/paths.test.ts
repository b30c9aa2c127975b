// Paths from links, lessons and embed hosts never reach a prototype (issue 11).
import { afterEach, describe, expect, it } from 'vitest';
import type { JsonObject } from '../params/types';
import { deletePath, forbiddenSegment, getPath, jsonProblem, setPath } from '../../../wasm-core/js/paths.mjs';

const protoNames = () => Object.getOwnPropertyNames(Object.prototype).sort();
const before = protoNames();
const hasOwn = Object.prototype.hasOwnProperty;

afterEach(() => {
  // Whatever a test tried, Object.prototype is exactly as it was.
  expect(protoNames()).toEqual(before);
  expect(Object.prototype.hasOwnProperty).toBe(hasOwn);
  expect(({} as Record<string, unknown>).x).toBeUndefined();
});

describe('scenario paths', () => {
  it('sets, reads and deletes ordinary paths, creating objects on the way', () => {
    const o: JsonObject = {};
    expect(setPath(o, 'queue.red.maxP', 0.2)).toBe(true);
    expect(getPath(o, 'queue.red.maxP')).toBe(0.2);
    expect(JSON.stringify(o)).toBe('{"queue":{"red":{"maxP":0.2}}}');
    expect(deletePath(o, 'queue.red.maxP')).toBe(true);
    expect(o).toEqual({});
  });

  it('creates objects without a prototype', () => {
    const o: JsonObject = {};
    setPath(o, 'a.b', 1);
    expect(Object.getPrototypeOf(o.a)).toBeNull();
  });

  for (const path of [
    '__proto__.x',
    '__proto__.hasOwnProperty',
    'constructor.prototype.x',
    'a.__proto__.x',
    'queue.constructor',
    'prototype',
    'flows.__proto__',
  ]) {
    it(`refuses "${path}" in setPath, getPath and deletePath`, () => {
      const o: JsonObject = { a: {}, queue: { kind: 'red' }, flows: { count: 2 } };
      expect(forbiddenSegment(path)).toMatch(/^(__proto__|constructor|prototype)$/);
      expect(setPath(o, path, 1)).toBe(false);
      expect(getPath(o, path)).toBeUndefined();
      expect(deletePath(o, path)).toBe(false);
      expect(o).toEqual({ a: {}, queue: { kind: 'red' }, flows: { count: 2 } });
    });
  }

  it('reads only own properties: inherited names are not fields', () => {
    const o: JsonObject = { queue: {} };
    expect(getPath(o, 'queue.toString')).toBeUndefined();
    expect(getPath(o, 'hasOwnProperty')).toBeUndefined();
    expect(deletePath(o, 'queue.toString')).toBe(false);
  });

  it('names JSON values that carry a prototype key or nest too deeply', () => {
    expect(jsonProblem([{ flow: 1, tcp: 'reno' }])).toBeUndefined();
    expect(jsonProblem(JSON.parse('[{"__proto__": {"x": 1}}]'))).toMatch(/"__proto__" is not allowed/);
    expect(jsonProblem({ a: { constructor: { prototype: 1 } } })).toMatch(/"constructor" is not allowed/);
    const deep = JSON.parse('['.repeat(9) + ']'.repeat(9));
    expect(jsonProblem(deep)).toMatch(/nested deeper than 8 levels/);
    expect(jsonProblem(JSON.parse('['.repeat(8) + ']'.repeat(8)))).toBeUndefined();
  });
});
