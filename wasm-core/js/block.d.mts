import type { BlockEvents } from './types.mjs';

export const BLOCK_MAGIC: number;

export interface MetricBlock {
  rows: number;
  cols: number;
  /** Row-major samples, rows * cols values; column 0 is t in seconds. */
  samples: Float64Array;
  events: BlockEvents;
}

export interface BlockEvent {
  t: number;
  kind: number;
  flow: number;
  link: number;
  reason: number;
}

/** Parses one block. Throws on a wrong magic number or a length that disagrees with the header. */
export function parseBlock(block: ArrayBuffer | Uint8Array): MetricBlock;
/** The events of a parsed block as objects, oldest first. */
export function eventList(events: BlockEvents): BlockEvent[];
/** Builds a block (the inverse of parseBlock); used by tests to check the parser. */
export function encodeBlock(rows: number, cols: number, samples: ArrayLike<number>, events?: BlockEvent[]): ArrayBuffer;
