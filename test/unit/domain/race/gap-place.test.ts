/** Where a gap lies as the official reads it, for manifests built now and before gaps could lie before column 0. */
import { describe, expect, it } from 'vitest';
import { BEFORE_FIRST_COLUMN, dropGap } from '../../../../app/domain/race/evidence.js';
import { gapAfterColumn, gapPlaceText } from '../../../../app/domain/race/gap-place.js';

const first = '10000000';

describe('gap place', () => {
  it('a gap before column 0 is -1 in a manifest, and a manifest refuses anything further left', () => {
    expect(dropGap.safeParse({ afterColumn: BEFORE_FIRST_COLUMN, fromNs: '0', toNs: first, reason: 'bad-frame' }).success).toBe(true);
    expect(dropGap.safeParse({ afterColumn: -2, fromNs: '0', toNs: first, reason: 'bad-frame' }).success).toBe(false);
  });

  it('reads an older manifest’s leading gap (afterColumn 0 ending at column 0’s time) as before column 0', () => {
    expect(gapAfterColumn({ afterColumn: 0, toNs: first }, first)).toBe(BEFORE_FIRST_COLUMN);
    expect(gapAfterColumn({ afterColumn: 0, toNs: '40000000' }, BigInt(first))).toBe(0);
    expect(gapAfterColumn({ afterColumn: BEFORE_FIRST_COLUMN, toNs: first }, first)).toBe(BEFORE_FIRST_COLUMN);
    expect(gapAfterColumn({ afterColumn: 7, toNs: '90000000' }, first)).toBe(7);
  });

  it('words each place', () => {
    expect(gapPlaceText(BEFORE_FIRST_COLUMN)).toBe('before column 0');
    expect(gapPlaceText(0)).toBe('after column 0');
    expect(gapPlaceText(12, 'image column')).toBe('after image column 12');
  });
});
