/**
 * Puts answers that come back out of order (two workers, parallel requests) back into the order of their numbers:
 * `put(i, value)` or `skip(i)` for every number from 0 up, and `deliver` sees the values in order, each once,
 * as soon as every number before it is settled.
 */
export class InOrder<T> {
  private next = 0;
  private readonly held = new Map<number, { value: T } | null>();

  constructor(private readonly deliver: (index: number, value: T) => void) {}

  put(index: number, value: T): void {
    this.settle(index, { value });
  }

  skip(index: number): void {
    this.settle(index, null);
  }

  /** Numbers settled but waiting for an earlier one. */
  get waiting(): number {
    return this.held.size;
  }

  private settle(index: number, entry: { value: T } | null): void {
    if (index < this.next || this.held.has(index)) return;
    this.held.set(index, entry);
    while (this.held.has(this.next)) {
      const e = this.held.get(this.next);
      this.held.delete(this.next);
      const i = this.next++;
      if (e) this.deliver(i, e.value);
    }
  }
}
