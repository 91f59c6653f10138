/**
 * Turns the stream of composite columns into the race's image evidence without ever holding the whole composite:
 *  - columns fill a strip of TILE_WIDTH columns; a full strip becomes tile `tiles/0/<n>.png` and is appended, raw,
 *    to a scratch file;
 *  - each level of the tile pyramid halves both axes of the one below (2×2 box average) and is filled the same way,
 *    column pair by column pair, so every level is written in the same single pass;
 *  - at the end the scratch strips are read back in bands of rows and streamed into `evidence/composite.png`.
 * Memory is one strip per level plus one band of rows, whatever the number of frames.
 */
import { createHash } from 'node:crypto';
import { mkdir, open, rm, writeFile, type FileHandle } from 'node:fs/promises';
import path from 'node:path';
import { RACE_LAYOUT, tilePath } from '../../domain/race/evidence.js';
import { throwIfAborted } from '../concurrency.js';
import { encodePng, filterRows, writePngStream } from '../png/png-encoder.js';
import { allocSamples, samplesOf, type PixelFormat, type Samples } from '../pixels.js';

export interface PyramidLevel {
  level: number;
  downsample: number;
  columns: number;
  rows: number;
  tiles: number;
  /** SHA-256 of every tile file of the level, by index (recorded in the manifest; `verify` checks them). */
  sha256: string[];
}

export interface CompositeResult {
  levels: PyramidLevel[];
  composite: { path: string; sha256: string; bytes: number; width: number; height: number };
}

/** Tile writes in flight before a push waits (each is a deflate on the thread pool). */
const TILE_WRITES_IN_FLIGHT = 4;
/** Target size of one band of composite rows when assembling the PNG. */
const BAND_BYTES = 16 << 20;

/** Levels needed until the top one fits one tile in both directions (or is one column wide). */
export function levelCount(columns: number, rows: number, tileWidth: number): number {
  let n = 1;
  let c = columns;
  let r = rows;
  while ((c > tileWidth || r > tileWidth) && c > 1) {
    c = Math.ceil(c / 2);
    r = Math.ceil(r / 2);
    n++;
  }
  return n;
}

class Level {
  readonly rows: number;
  readonly buf: Samples;
  filled = 0;
  tiles = 0;
  columns = 0;
  pending: Samples | null = null;

  constructor(
    readonly level: number,
    rows: number,
    readonly writer: CompositeWriter,
  ) {
    this.rows = rows;
    this.buf = allocSamples(writer.format, rows * writer.tileWidth * writer.format.channels);
  }

  async push(col: Samples): Promise<void> {
    const ch = this.writer.format.channels;
    const tw = this.writer.tileWidth;
    const buf = this.buf;
    const c = this.filled;
    if (ch === 1) for (let r = 0; r < this.rows; r++) buf[r * tw + c] = col[r] as number;
    else {
      for (let r = 0; r < this.rows; r++) {
        const o = (r * tw + c) * 3;
        const i = r * 3;
        buf[o] = col[i] as number;
        buf[o + 1] = col[i + 1] as number;
        buf[o + 2] = col[i + 2] as number;
      }
    }
    this.filled++;
    this.columns++;
    if (this.filled === tw) await this.flush();
    const next = this.writer.levelAt(this.level + 1);
    if (!next) return;
    if (!this.pending) this.pending = col.slice();
    else {
      const down = this.downsample(this.pending, col, next.rows);
      this.pending = null;
      await next.push(down);
    }
  }

  /** 2×2 box average of two columns (rounded half up); an odd last row averages with itself. */
  private downsample(a: Samples, b: Samples, outRows: number): Samples {
    const ch = this.writer.format.channels;
    const out = allocSamples(this.writer.format, outRows * ch);
    for (let r = 0; r < outRows; r++) {
      const r0 = 2 * r * ch;
      const r1 = Math.min(2 * r + 1, this.rows - 1) * ch;
      for (let k = 0; k < ch; k++) {
        out[r * ch + k] = ((a[r0 + k] as number) + (a[r1 + k] as number) + (b[r0 + k] as number) + (b[r1 + k] as number) + 2) >> 2;
      }
    }
    return out;
  }

  /** Writes the current strip as the next tile (and, at level 0, to the scratch strips). */
  async flush(): Promise<void> {
    if (this.filled === 0) return;
    const { format, tileWidth } = this.writer;
    const w = this.filled;
    let strip = this.buf;
    if (w < tileWidth) {
      strip = allocSamples(format, this.rows * w * format.channels);
      for (let r = 0; r < this.rows; r++) strip.set(this.buf.subarray(r * tileWidth * format.channels, (r * tileWidth + w) * format.channels), r * w * format.channels);
    }
    const index = this.tiles++;
    this.filled = 0;
    if (this.level === 0) await this.writer.appendStrip(strip);
    await this.writer.writeTile(this.level, index, strip, w, this.rows);
  }

  /** End of input: hand the odd last column up, then write the partial strip. */
  async finish(): Promise<void> {
    const next = this.writer.levelAt(this.level + 1);
    if (next && this.pending) {
      const p = this.pending;
      this.pending = null;
      await next.push(this.downsample(p, p, next.rows));
    }
    await this.flush();
  }
}

export class CompositeWriter {
  private readonly levels: Level[] = [];
  private readonly inFlight = new Set<Promise<void>>();
  /** SHA-256 of each tile written, by level then index. */
  private readonly tileHashes: string[][] = [];
  private failure: unknown = null;
  private strips: FileHandle | null = null;
  private stripsBytes = 0;
  private readonly stripsFile: string;

  /**
   * @param raceDir the (temporary) race folder
   * @param rows composite rows (samples along the finish line)
   * @param expectedColumns frames expected, to size the pyramid (bad frames skipped later only shorten it)
   */
  constructor(
    readonly raceDir: string,
    readonly rows: number,
    readonly format: PixelFormat,
    readonly tileWidth: number,
    expectedColumns: number,
  ) {
    const n = levelCount(expectedColumns, rows, tileWidth);
    let r = rows;
    for (let l = 0; l < n; l++) {
      this.levels.push(new Level(l, r, this));
      r = Math.ceil(r / 2);
    }
    this.stripsFile = path.join(raceDir, '.strips.raw');
  }

  levelAt(l: number): Level | undefined {
    return this.levels[l];
  }

  get columns(): number {
    return this.levels[0]?.columns ?? 0;
  }

  async start(): Promise<void> {
    for (const l of this.levels) await mkdir(path.join(this.raceDir, RACE_LAYOUT.tilesDir, String(l.level)), { recursive: true });
    await mkdir(path.join(this.raceDir, path.dirname(RACE_LAYOUT.compositePng)), { recursive: true });
    this.strips = await open(this.stripsFile, 'w+');
  }

  /** Adds the next column (rows × channels samples); the caller may reuse `col` afterwards. */
  async pushColumn(col: Samples): Promise<void> {
    if (this.failure) throw this.failure;
    await (this.levels[0] as Level).push(col);
  }

  async appendStrip(strip: Samples): Promise<void> {
    const bytes = new Uint8Array(strip.buffer, strip.byteOffset, strip.byteLength);
    await (this.strips as FileHandle).write(bytes, 0, bytes.length, this.stripsBytes);
    this.stripsBytes += bytes.length;
  }

  async writeTile(level: number, index: number, strip: Samples, width: number, rows: number): Promise<void> {
    // encodePng filters (copies) the strip synchronously, so the level may refill its buffer at once.
    const file = path.join(this.raceDir, tilePath(level, index));
    const p = encodePng(strip, width, rows, this.format)
      .then((png) => {
        (this.tileHashes[level] ??= [])[index] = createHash('sha256').update(png).digest('hex');
        return writeFile(file, png);
      })
      .catch((err) => {
        this.failure ??= err;
      })
      .finally(() => this.inFlight.delete(p));
    this.inFlight.add(p);
    while (this.inFlight.size >= TILE_WRITES_IN_FLIGHT) await Promise.race(this.inFlight);
  }

  /** Flushes every level, writes composite.png, removes the scratch strips. */
  async finish(onBand?: (done: number, total: number) => void, signal?: AbortSignal): Promise<CompositeResult> {
    for (const l of this.levels) await l.finish();
    await Promise.all(this.inFlight);
    if (this.failure) throw this.failure;
    const levels: PyramidLevel[] = this.levels
      .filter((l) => l.columns > 0)
      .map((l) => ({ level: l.level, downsample: 2 ** l.level, columns: l.columns, rows: l.rows, tiles: l.tiles, sha256: this.hashesOf(l.level, l.tiles) }));
    const width = this.columns;
    const file = path.join(this.raceDir, RACE_LAYOUT.compositePng);
    const written = await writePngStream(file, width, this.rows, this.format, this.bands(width, onBand, signal));
    await (this.strips as FileHandle).close();
    this.strips = null;
    await rm(this.stripsFile, { force: true });
    return { levels, composite: { path: RACE_LAYOUT.compositePng, sha256: written.sha256, bytes: written.bytes, width, height: this.rows } };
  }

  private hashesOf(level: number, tiles: number): string[] {
    const hashes = this.tileHashes[level] ?? [];
    if (hashes.length !== tiles || hashes.some((h) => h === undefined)) throw new Error(`tile hashes of level ${level}: ${hashes.length} for ${tiles} tiles`);
    return hashes;
  }

  async abort(): Promise<void> {
    await Promise.allSettled(this.inFlight);
    // Aborting after a failure: that failure is the one reported; the strips file is removed with the temp folder.
    await this.strips?.close().catch(() => undefined);
    this.strips = null;
  }

  /** Reads the scratch strips back as bands of whole composite rows, filtered for PNG. */
  private async *bands(width: number, onBand?: (done: number, total: number) => void, signal?: AbortSignal): AsyncGenerator<Buffer> {
    const { format, tileWidth, rows } = this;
    const ch = format.channels;
    const bytesPerSample = format.depth / 8;
    const rowBytes = width * ch * bytesPerSample;
    const bandRows = Math.max(1, Math.min(rows, Math.floor(BAND_BYTES / Math.max(1, rowBytes))));
    const strips = Math.ceil(width / tileWidth);
    const fullStripBytes = rows * tileWidth * ch * bytesPerSample;
    const fh = this.strips as FileHandle;
    const total = Math.ceil(rows / bandRows);
    for (let r0 = 0, band = 0; r0 < rows; r0 += bandRows, band++) {
      throwIfAborted(signal);
      const n = Math.min(bandRows, rows - r0);
      const out = allocSamples(format, n * width * ch);
      const scratch = Buffer.alloc(n * tileWidth * ch * bytesPerSample);
      for (let s = 0; s < strips; s++) {
        const w = Math.min(tileWidth, width - s * tileWidth);
        const len = n * w * ch * bytesPerSample;
        await fh.read(scratch, 0, len, s * fullStripBytes + r0 * w * ch * bytesPerSample);
        const part = samplesOf(scratch.subarray(0, len), format.depth);
        for (let r = 0; r < n; r++) out.set(part.subarray(r * w * ch, (r + 1) * w * ch), (r * width + s * tileWidth) * ch);
      }
      yield filterRows(out, width, n, format);
      onBand?.(band + 1, total);
    }
  }
}
