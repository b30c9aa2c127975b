// Types of paths.mjs.
import type { Json, JsonObject } from './types.mjs';

export const FORBIDDEN_SEGMENTS: ReadonlySet<string>;
export const MAX_JSON_DEPTH: number;
/** "a.b[2].c" -> ["a", "b", 2, "c"]; throws on bad syntax or a prototype segment. */
export function pathKeys(p: string): (string | number)[];
export function forbiddenSegment(path: string): string | undefined;
export function jsonProblem(v: unknown, maxDepth?: number): string | undefined;
export function isPlainObject(v: unknown): v is JsonObject;
export function flatten(obj: JsonObject, prefix?: string, out?: Map<string, Json>): Map<string, Json>;
export function getPath(obj: JsonObject, path: string): Json | undefined;
export function setPath(obj: JsonObject, path: string, value: Json): boolean;
export function deletePath(obj: JsonObject, path: string): boolean;
export function jsonEqual(a: Json | undefined, b: Json | undefined): boolean;
