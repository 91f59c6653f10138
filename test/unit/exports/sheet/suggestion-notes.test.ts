/**
 * What the result sheet says about a hairline placed from a detector's suggestion: the detector's uncertainty only
 * where it is a calibrated one (marks accepted before detectors said so print none), and its flags in words.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Mark } from '../../../../app/domain/race/document.js';
import type { ImagePlan } from '../../../../app/exports/sheet/image-plan.js';
import { sheetNotes } from '../../../../app/exports/sheet/notes.js';
import { makeExportFixture, type ExportFixture } from '../../../helpers/export-fixture.js';

let fx: ExportFixture;
beforeAll(async () => {
  fx = await makeExportFixture({});
});
afterAll(() => fx?.cleanup());

function notesWith(suggestion: NonNullable<Mark['suggestion']>): string[] {
  const marks = fx.view.marks.map((m) => (m.competitorId === '7' ? { ...m, origin: 'suggestion' as const, suggestion, by: 'A. Judge' } : m));
  return sheetNotes({ ...fx.view, marks }, { offImage: [] } as unknown as ImagePlan).filter((n) => n.includes('suggested edge'));
}

describe('result sheet notes on accepted suggestions', () => {
  it('prints a calibrated uncertainty', () => {
    expect(notesWith({ index: 2, uncertaintyNs: '9152000', confidence: 0.8, calibrated: true })).toEqual([
      '#7 Anna Müller: hairline placed from suggested edge S3 (±9.152 ms), confirmed by A. Judge.',
    ]);
  });

  it('prints no uncertainty that is not calibrated, nor one from before detectors said', () => {
    expect(notesWith({ index: 2, uncertaintyNs: '80000000', confidence: 0.2, calibrated: false, flags: ['no-sub-frame'] })).toEqual([
      '#7 Anna Müller: hairline placed from suggested edge S3, confirmed by A. Judge; the detector placed it only to the frame.',
    ]);
    expect(notesWith({ index: 1, uncertaintyNs: '9152000', confidence: 0.5 })).toEqual(['#7 Anna Müller: hairline placed from suggested edge S2, confirmed by A. Judge.']);
  });

  it('says when the competitor was already on the line when the recording started', () => {
    const [note] = notesWith({ index: 0, uncertaintyNs: '1000000', confidence: 0.2, calibrated: false, flags: ['on-line-at-start', 'no-sub-frame'] });
    expect(note).toContain('already on the line when the recording started, so it crossed at or before this time');
    expect(note).not.toContain('±');
  });
});
