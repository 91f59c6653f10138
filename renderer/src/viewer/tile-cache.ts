/**
 * Decoded composite tiles, least recently used first out. Decoding is the slow part of drawing a race, so a tile is
 * fetched and decoded once (ImageBitmap) and kept until the memory budget needs the room.
 */
export type TileFetcher = (level: number, index: number) => Promise<Blob>;

interface Entry {
  bitmap: ImageBitmap;
  bytes: number;
}

export class TileCache {
  private readonly ready = new Map<string, Entry>();
  private readonly loading = new Map<string, Promise<void>>();
  private readonly failed = new Set<string>();
  private bytes = 0;
  private queue: { level: number; index: number }[] = [];
  private active = 0;

  constructor(
    private readonly fetchTile: TileFetcher,
    private readonly onLoaded: () => void,
    private readonly budgetBytes = 384 * 1024 * 1024,
    private readonly maxConcurrent = 6,
  ) {
    this.pumpChannel.port1.onmessage = () => {
      this.pumpPosted = false;
      this.pump(1);
      this.schedulePump();
    };
  }

  /** The decoded tile if ready (and marks it recently used), else undefined. */
  get(level: number, index: number): ImageBitmap | undefined {
    const key = `${level}/${index}`;
    const e = this.ready.get(key);
    if (!e) return undefined;
    this.ready.delete(key);
    this.ready.set(key, e);
    return e.bitmap;
  }

  /** Whether a tile is decoded, without touching its place in the LRU order. */
  has(level: number, index: number): boolean {
    return this.ready.has(`${level}/${index}`);
  }

  /**
   * Asks for tiles, most wanted first; anything asked earlier and not yet started is dropped (the view moved on).
   * Called from the draw in an animation frame: starting a fetch costs the main thread 1-2 ms, and a zoom onto a new
   * level starts several at once, so fetches start in tasks of their own, one each, after the frame.
   */
  request(tiles: readonly { level: number; index: number }[]): void {
    this.queue = tiles.filter((t) => {
      const key = `${t.level}/${t.index}`;
      return !this.ready.has(key) && !this.loading.has(key) && !this.failed.has(key);
    });
    this.schedulePump();
  }

  get stats(): { tiles: number; megabytes: number; failed: number } {
    return { tiles: this.ready.size, megabytes: Math.round(this.bytes / 1e6), failed: this.failed.size };
  }

  clear(): void {
    for (const e of this.ready.values()) e.bitmap.close();
    this.ready.clear();
    this.queue = [];
    this.bytes = 0;
  }

  /** Clears and lets go of the cache for good (the viewer closed or opened another race). */
  dispose(): void {
    this.clear();
    this.pumpChannel.port1.onmessage = null;
    this.pumpChannel.port1.close();
    this.pumpChannel.port2.close();
  }

  // A message to ourselves is a fresh task with no timer clamp (nested setTimeout(0) waits 4 ms after five levels).
  private readonly pumpChannel = new MessageChannel();
  private pumpPosted = false;

  private schedulePump(): void {
    // A finishing load schedules the next start, so nothing is posted while every slot is busy.
    if (this.pumpPosted || this.queue.length === 0 || this.active >= this.maxConcurrent) return;
    this.pumpPosted = true;
    this.pumpChannel.port2.postMessage(null);
  }

  /** Starts up to `limit` queued loads while fewer than `maxConcurrent` are in flight. */
  private pump(limit = Infinity): void {
    let started = 0;
    while (started < limit && this.active < this.maxConcurrent && this.queue.length > 0) {
      const t = this.queue.shift() as { level: number; index: number };
      const key = `${t.level}/${t.index}`;
      if (this.ready.has(key) || this.loading.has(key)) continue;
      this.active++;
      const p = this.load(t.level, t.index, key).finally(() => {
        this.active--;
        this.loading.delete(key);
        this.schedulePump();
      });
      this.loading.set(key, p);
      started++;
    }
  }

  private async load(level: number, index: number, key: string): Promise<void> {
    try {
      const blob = await this.fetchTile(level, index);
      const bitmap = await createImageBitmap(blob);
      const bytes = bitmap.width * bitmap.height * 4;
      this.ready.set(key, { bitmap, bytes });
      this.bytes += bytes;
      this.evict();
      this.onLoaded();
    } catch {
      // A missing or unreadable tile leaves its strip empty (drawn as "tile unavailable"); never retried in a loop.
      this.failed.add(key);
      this.onLoaded();
    }
  }

  private evict(): void {
    for (const [key, e] of this.ready) {
      if (this.bytes <= this.budgetBytes || this.ready.size <= 8) break;
      this.ready.delete(key);
      this.bytes -= e.bytes;
      e.bitmap.close();
    }
  }

  isFailed(level: number, index: number): boolean {
    return this.failed.has(`${level}/${index}`);
  }
}
