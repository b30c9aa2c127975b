import type { BlCoreModule } from '../generated/blcore.mjs';

export const RUN: { readonly REACHED: 0; readonly EVENT_LIMIT: 1; readonly FINISHED: 2; readonly ERROR: -1 };

export class BlBinding {
  constructor(m: BlCoreModule);
  readonly m: BlCoreModule;
  lastError(): string;
  describe(): unknown;
  /** Returns a handle, or throws the core's error (also as .blError). */
  create(scenarioJson: string): number;
  runUntil(h: number, until: number, maxEvents: number): number;
  now(h: number): number;
  events(h: number): number;
  /** null when applied, else the core's reason. */
  setParam(h: number, entity: string, key: string, value: number): string | null;
  columns(h: number): string[];
  /** Everything recorded since the last drain, as a fresh ArrayBuffer (transferable). */
  drain(h: number): ArrayBuffer;
  discard(h: number): void;
  summary(h: number): unknown;
  destroy(h: number): void;
  fluid(fn: 'fluid' | 'steady', paramsJson: string): string;
  memoryBytes(): number;
}
