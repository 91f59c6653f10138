/** The sheet's notes rendered with their values missing: no empty slot, no double space (issue 20). */
import { describe, expect, it } from 'vitest';
import { recordNotes } from '../../../../app/exports/sheet/record-notes.js';
import { sheetNotes } from '../../../../app/exports/sheet/notes.js';
import type { ImagePlan } from '../../../../app/exports/sheet/image-plan.js';
import { makeExportFixture } from '../../../helpers/export-fixture.js';
import { expectFilled } from '../../../helpers/message-slots.js';

describe('sheet notes with missing values', () => {
  it('the sheet’s notes: nobody named, no reason given, no published time', async () => {
    const fx = await makeExportFixture({ sport: 'horse' });
    try {
      const v = fx.view;
      const view = {
        ...v,
        marks: v.marks.map((m) => ({ ...m, by: '' })),
        deadHeats: [{ competitors: ['7', '12'], by: '', at: '' }],
        withdrawnDeadHeats: [{ competitors: ['3', '5'], declaredBy: '', declaredAt: '', by: '', at: '', reason: '' }],
        amendments: [{ revision: 2, by: '', at: '', reason: '' }],
        results: {
          ...v.results,
          finishers: v.results.finishers.map((f, i) => (i === 1 ? { ...f, name: '', lengths_display: '', judge_distance: { computed: '', reason: '', by: '' } } : f)),
          others: v.results.others.map((o) => ({ ...o, name: '', reason: '', by: null, rule: '' })),
          checks: [{ code: 'x', severity: 'warning' as const, message: 'something to weigh' }],
        },
      };
      const plan = { offImage: ['21'], reduced: false } as unknown as ImagePlan;
      const notes = [...sheetNotes(view, plan), ...recordNotes(view)];
      expect(notes.length).toBeGreaterThanOrEqual(8);
      for (const n of notes) expectFilled(n);
    } finally {
      await fx.cleanup();
    }
  });
});
