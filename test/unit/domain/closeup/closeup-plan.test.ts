import { describe, expect, it } from 'vitest';
import { closeFinishes, hairlineTag, ordinal, type Finisher } from '../../../../app/domain/closeup/close-finishes.js';
import { closeupCrop, closeupLabels, closeupX, fitCloseup } from '../../../../app/domain/closeup/closeup-plan.js';

const f = (place: number, column: number | null, id = String(place)): Finisher => ({ competitorId: id, place, column });

describe('which finishes are enlarged', () => {
  it('always the decisive finish, plus each run of close finishers, in place order', () => {
    const { enlarged, left } = closeFinishes([f(1, 100), f(2, 140), f(3, 141), f(4, 200), f(5, 260), f(6, 260.4)], { closeColumns: 3, max: 4 });
    // 1st–2nd are 40 columns apart: enlarged alone, as the decisive finish; 2nd–3rd and 5th–6th are close.
    expect(enlarged.map((e) => e.members.map((m) => m.place))).toEqual([[1, 2], [2, 3], [5, 6]]);
    expect(enlarged.map((e) => e.decisive)).toEqual([true, false, false]);
    const tight = closeFinishes([f(1, 100), f(2, 101), f(3, 102)], { closeColumns: 3, max: 4 });
    expect(tight.enlarged.map((e) => e.members.map((m) => m.place))).toEqual([[1, 2, 3]]);
    expect(left).toEqual([]);
  });

  it('joins a chain of close pairs into one enlargement, cuts long bunches, and stops at the limit', () => {
    const bunch = Array.from({ length: 30 }, (_, i) => f(i + 1, 100 + i));
    const { enlarged, left } = closeFinishes(bunch, { closeColumns: 3, max: 4 });
    expect(enlarged).toHaveLength(4);
    expect(enlarged[0]!.members.map((m) => m.place)).toEqual([1, 2, 3, 4, 5]);
    // Consecutive enlargements share a finisher, so every close pair is shown in one of them.
    expect(enlarged[1]!.members[0]!.place).toBe(5);
    expect(left.length).toBeGreaterThan(0);
  });

  it('leaves out finishers without a hairline on the image', () => {
    const { enlarged } = closeFinishes([f(1, null), f(2, 50), f(3, 50.5)], { closeColumns: 3, max: 4 });
    expect(enlarged.map((e) => e.members.map((m) => m.place))).toEqual([[2, 3]]);
  });

  it('names places in words a spectator reads', () => {
    expect([1, 2, 3, 4, 11, 12, 13, 21, 22, 103, 111].map(ordinal)).toEqual(['1st', '2nd', '3rd', '4th', '11th', '12th', '13th', '21st', '22nd', '103rd', '111th']);
    expect(hairlineTag(2, '17')).toBe('2nd #17');
  });
});

describe('enlargement crop and scale', () => {
  const demoLike = [
    { column: 201.35, body: { top: 100, bottom: 134, first: 201, last: 265 } },
    { column: 202.35, body: { top: 150, bottom: 184, first: 202, last: 266 } },
  ];

  it('crops the rows to the bodies with a margin and starts a little before the first nose', () => {
    const crop = closeupCrop(demoLike, { columns: 320, rows: 270 });
    expect(crop.top).toBeLessThan(100);
    expect(crop.top).toBeGreaterThanOrEqual(100 - 15);
    expect(crop.bottom).toBeGreaterThan(185);
    expect(crop.bottom).toBeLessThanOrEqual(185 + 15);
    expect(crop.start).toBeLessThan(201);
    expect(crop.start).toBeGreaterThan(185);
    expect(crop.end).toBeGreaterThanOrEqual(267);
    expect(crop.columnRepeat).toBe(1);
  });

  it('scales both axes alike, whole units for pixel faces, and places hairlines at pixel centres', () => {
    const crop = closeupCrop(demoLike, { columns: 320, rows: 270 });
    const print = fitCloseup(crop, { width: 523, height: 240 });
    expect(print.unitsPerColumn).toBe(print.unitsPerRow);
    expect(print.height).toBeLessThanOrEqual(240 + 1e-9);
    expect(print.width).toBeLessThanOrEqual(523 + 1e-9);
    const screen = fitCloseup(crop, { width: 900, height: 500, wholeUnits: true });
    expect(Number.isInteger(screen.unitsPerRow)).toBe(true);
    expect(closeupX(crop, screen, 201.35, false)).toBeCloseTo((201.85 - crop.start) * screen.unitsPerColumn, 9);
    expect(closeupX(crop, screen, 201.35, true)).toBeCloseTo(screen.width - (201.85 - crop.start) * screen.unitsPerColumn, 9);
  });

  it('repeats columns across where the time axis has far fewer columns than the crop has rows', () => {
    // A 12.5 fps traffic camera: each car spans ~17 columns but ~200 rows of the line.
    const crop = closeupCrop(
      [
        { column: 194.8, body: { top: 61, bottom: 272, first: 195, last: 212 } },
        { column: 200.3, body: { top: 273, bottom: 478, first: 200, last: 218 } },
      ],
      { columns: 377, rows: 768 },
    );
    const cols = crop.end - crop.start;
    const rows = crop.bottom - crop.top;
    expect(crop.columnRepeat).toBe(Math.floor(rows / cols));
    expect(crop.columnRepeat).toBeGreaterThan(4);
    // Shown about as wide as it is tall, whole columns repeated.
    const s = fitCloseup(crop, { width: 523, height: 260 });
    expect(s.unitsPerColumn / s.unitsPerRow).toBe(crop.columnRepeat);
    expect(s.width / s.height).toBeGreaterThan(0.5);
    expect(s.width / s.height).toBeLessThan(2);
  });

  it('keeps the noses and cuts the tails of long bodies', () => {
    const crop = closeupCrop([{ column: 1000, body: { top: 10, bottom: 60, first: 1000, last: 1900 } }, { column: 1002, body: { top: 70, bottom: 120, first: 1002, last: 1900 } }], { columns: 5000, rows: 200 });
    expect(crop.start).toBeLessThan(1000);
    expect(crop.end - crop.start).toBeLessThanOrEqual(3 * (crop.bottom - crop.top) + 1);
  });

  it('falls back to every row where no body was found', () => {
    const crop = closeupCrop([{ column: 50, body: null }, { column: 52, body: null }], { columns: 100, rows: 80 });
    expect([crop.top, crop.bottom]).toEqual([0, 80]);
    expect(crop.end).toBeGreaterThan(52);
  });

  it('labels hairlines above, away from each other, and writes the margin below between them', () => {
    const labels = closeupLabels([100, 103], { tags: [30, 34], margins: [40] }, 300, 3);
    expect(labels.tags.map((t) => [t.side, t.row])).toEqual([['above', 0], ['above', 0]]);
    expect(labels.tags[0]!.left + 30).toBeLessThanOrEqual(100);
    expect(labels.tags[1]!.left).toBeGreaterThanOrEqual(103);
    expect(labels.margins[0]!.side).toBe('below');
  });
});
