// A thin typed layer over the C ABI (wasm-core/include/bl/abi.h). Strings go in through
// malloc'd UTF-8 and come out copied at once; drained blocks are copied out of WASM memory.
import type { BlCoreModule } from '../generated/blcore.mjs';

export const RUN_REACHED = 0;
export const RUN_EVENT_LIMIT = 1;
export const RUN_FINISHED = 2;
export const RUN_ERROR = -1;

export class BlCore {
  constructor(private readonly m: BlCoreModule) {}

  private withStrings<T>(strs: string[], f: (ptrs: number[]) => T): T {
    const ptrs = strs.map((s) => {
      const n = this.m.lengthBytesUTF8(s) + 1;
      const p = this.m._malloc(n);
      this.m.stringToUTF8(s, p, n);
      return p;
    });
    try { return f(ptrs); } finally { for (const p of ptrs) this.m._free(p); }
  }

  private str(ptr: number): string { return ptr ? this.m.UTF8ToString(ptr) : ''; }

  lastError(): string { return this.str(this.m._bl_last_error()); }

  describe(): unknown { return JSON.parse(this.str(this.m._bl_describe())); }

  /** Returns a handle, or throws the core's error. */
  create(scenarioJson: string): number {
    const h = this.withStrings([scenarioJson], ([p]) => this.m._bl_create(p!));
    if (h <= 0) throw new Error(this.lastError() || 'bl_create failed');
    return h;
  }

  runUntil(h: number, until: number, maxEvents: number): number { return this.m._bl_run_until(h, until, maxEvents); }
  now(h: number): number { return this.m._bl_now(h); }
  events(h: number): number { return this.m._bl_events(h); }

  setParam(h: number, entity: string, key: string, value: number): string | null {
    // A C string ends at NUL: "flow.1\0x" would reach the core as "flow.1". Refuse it whole.
    if (entity.includes('\0') || key.includes('\0')) return `${JSON.stringify(entity)}.${JSON.stringify(key)}: NUL is not allowed in a name`;
    const rc = this.withStrings([entity, key], ([e, k]) => this.m._bl_set_param(h, e!, k!, value));
    return rc === 0 ? null : this.lastError() || `setParam ${entity}/${key} failed`;
  }

  columns(h: number): string[] { return JSON.parse(this.str(this.m._bl_columns(h))) as string[]; }

  /** Everything recorded since the last drain, as a fresh ArrayBuffer (transferable). */
  drain(h: number): ArrayBuffer {
    const len = this.m._bl_drain(h);
    const ptr = this.m._bl_drain_ptr(h);
    return this.m.HEAPU8.slice(ptr, ptr + len).buffer;
  }

  /** Drops everything recorded since the last drain without copying it (headless runs). */
  discard(h: number): void { this.m._bl_drain(h); }

  summary(h: number): unknown { return JSON.parse(this.str(this.m._bl_summary(h))); }
  destroy(h: number): void { this.m._bl_destroy(h); }

  /** The fluid model (docs/fluid-model.md): the result text, or {"error": ...}. */
  fluid(fn: 'fluid' | 'steady', paramsJson: string): string {
    return this.withStrings([paramsJson], ([p]) => this.str(fn === 'fluid' ? this.m._bl_fluid(p!) : this.m._bl_fluid_steady(p!)));
  }
}
