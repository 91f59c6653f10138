/**
 * The pre-trigger buffer: while the trigger is armed, the most recent frames (already encoded, so a camera's frame
 * pool is never held) are kept in memory for `span`, and at most `maxItems` of them; older ones are let go. When
 * the trigger fires, the frames from `keepFrom` on are taken out in capture order and written first.
 */
import type { Ticks } from '../time/ticks.js';

export class PreTriggerBuffer<T> {
  private items: { time: Ticks; item: T }[] = [];

  constructor(
    private readonly span: Ticks,
    private readonly maxItems: number,
  ) {}

  push(time: Ticks, item: T): void {
    this.items.push({ time, item });
    const oldest = time - this.span;
    let drop = 0;
    while (drop < this.items.length && (this.items[drop] as { time: Ticks }).time < oldest) drop++;
    drop = Math.max(drop, this.items.length - this.maxItems);
    if (drop > 0) this.items.splice(0, drop);
  }

  get size(): number {
    return this.items.length;
  }

  /** The buffered frames at or after `keepFrom`, oldest first; the buffer is empty afterwards. */
  take(keepFrom: Ticks): { time: Ticks; item: T }[] {
    const kept = this.items.filter((e) => e.time >= keepFrom);
    this.items = [];
    return kept;
  }

  clear(): void {
    this.items = [];
  }
}
