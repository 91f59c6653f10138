/**
 * One suggestion per body: a narrow piece beside a body that passes the line with it (a cyclist's head, a wheel, a
 * stripe, a rider on the bike) joins the body and the body's crossing is its first point's; two like-sized
 * competitors side by side stay two, and a narrow object that passes at another time stays apart.
 */
import { describe, expect, it } from 'vitest';
import { joinPieces } from '../../../../app/domain/detection/body-pieces.js';
import type { Reading } from '../../../../app/domain/detection/reading.js';

function reading(top: number, bottom: number, first: number, last: number, timeNs: bigint): Reading {
  return {
    span: { top, bottom, firstColumn: first, lastColumn: last, contrast: 5 },
    time: timeNs,
    sigmaS: 1e-4,
    calibrated: true,
    direction: 'left-to-right',
    rows: [top, bottom],
    flags: [],
    quality: 0.9,
  };
}

describe('joinPieces', () => {
  it('joins a head above a rider and a wheel below into one body crossing at its first point', () => {
    const out = joinPieces([reading(0, 12, 23, 28, 1_920_000n), reading(13, 57, 20, 28, 1_838_000n), reading(57, 63, 23, 28, 1_852_000n)], 8);
    expect(out).toHaveLength(1);
    expect(out[0]!.rows).toEqual([0, 63]);
    expect(out[0]!.time).toBe(1_838_000n);
  });

  it('joins a stripe read on its own inside a car\'s rows and columns to the car', () => {
    const out = joinPieces([reading(108, 134, 40, 80, 147_236_000n), reading(121, 135, 44, 78, 147_604_000n)], 8);
    expect(out).toHaveLength(1);
    expect(out[0]!.time).toBe(147_236_000n);
  });

  it('keeps a car drawn over the lower third of another apart: it comes and goes at its own times', () => {
    expect(joinPieces([reading(68, 94, 150, 193, 153_170_000n), reading(84, 110, 156, 199, 158_900_000n)], 8)).toHaveLength(2);
  });

  it('keeps two competitors of like size side by side apart', () => {
    expect(joinPieces([reading(40, 65, 150, 190, 150_520_000n), reading(66, 92, 150, 190, 150_820_000n)], 8)).toHaveLength(2);
  });

  // Before: a cyclist at 15 fps got two suggestions, the rider's (rows 0–33, wider than the bike) 0.6 frame after
  // the front wheel's.
  it('joins a rider as wide as the bike, on the line for half its time, to the bike at the front wheel', () => {
    const out = joinPieces([reading(0, 33, 10, 11, 651_962_000n), reading(34, 62, 10, 13, 610_208_000n)], 8);
    expect(out).toHaveLength(1);
    expect(out[0]!.time).toBe(610_208_000n);
    expect(out[0]!.rows).toEqual([0, 62]);
  });

  it('keeps apart a competitor beside another that leaves a little earlier but is on the line nearly as long', () => {
    // A faster car closing from behind: on the line from the next column and off it one column before the other.
    expect(joinPieces([reading(40, 65, 150, 190, 150_520_000n), reading(66, 92, 151, 189, 150_820_000n)], 8)).toHaveLength(2);
  });

  it('keeps a narrow object apart that is on the line at another time', () => {
    expect(joinPieces([reading(40, 90, 150, 190, 150_000_000n), reading(92, 100, 220, 240, 220_000_000n)], 8)).toHaveLength(2);
  });
});
