// Types the core's JavaScript face shares with the page (web/src/params/types.ts re-exports them).
export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
export type JsonObject = { [key: string]: Json };

/** Discrete events of one metric block, column-wise. */
export interface BlockEvents {
  count: number;
  t: Float64Array;
  kind: Uint32Array;
  flow: Int32Array;
  link: Int32Array;
  reason: Uint32Array;
}
