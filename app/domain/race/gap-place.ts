/**
 * Where a dropped-frame gap lies, as every face shows it. A gap before column 0 (the footage's first frames gave
 * no column) is recorded as `afterColumn` -1 (`BEFORE_FIRST_COLUMN`); manifests built before that value existed
 * recorded it as `afterColumn` 0 ending at column 0's own time. Their bytes and hashes stay as built (and their
 * certified results with them), so the place is read right here instead.
 */
import { BEFORE_FIRST_COLUMN, type DropGap } from './evidence.js';

/** The column a gap follows: `BEFORE_FIRST_COLUMN` for one before column 0, however the manifest recorded it. */
export function gapAfterColumn(g: Pick<DropGap, 'afterColumn' | 'toNs'>, firstColumnNs: string | bigint): number {
  // A gap between columns 0 and 1 ends at column 1's time; only one before column 0 can end at column 0's.
  return g.afterColumn === 0 && BigInt(g.toNs) === BigInt(firstColumnNs) ? BEFORE_FIRST_COLUMN : g.afterColumn;
}

/** "before column 0" / "after column 12" (with `noun` = "image column": "after image column 12"). */
export function gapPlaceText(afterColumn: number, noun = 'column'): string {
  return afterColumn === BEFORE_FIRST_COLUMN ? `before ${noun} 0` : `after ${noun} ${afterColumn}`;
}
