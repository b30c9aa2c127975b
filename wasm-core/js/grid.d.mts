// Types of grid.mjs.
export function parseValue(s: string): unknown;
export function pathKeys(p: string): (string | number)[];
export function setPath(doc: object, p: string, v: unknown): void;
export function cartesian<T>(axes: readonly (readonly T[])[]): T[][];
