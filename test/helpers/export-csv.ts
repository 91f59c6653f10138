/** A strict RFC 4180 reader for checking what the CSV and .lif exports wrote (quoted fields, doubled quotes, CRLF). */
export function parseCsvRecords(text: string): string[][] {
  const records: string[][] = [];
  let field = '';
  let record: string[] = [];
  let quoted = false;
  let i = 0;
  while (i < text.length) {
    const ch = text[i] as string;
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') {
        field += '"';
        i += 2;
        continue;
      }
      if (ch === '"') {
        quoted = false;
        i++;
        continue;
      }
      field += ch;
      i++;
      continue;
    }
    if (ch === '"' && field === '') {
      quoted = true;
      i++;
    } else if (ch === ',') {
      record.push(field);
      field = '';
      i++;
    } else if (ch === '\r' && text[i + 1] === '\n') {
      record.push(field);
      records.push(record);
      record = [];
      field = '';
      i += 2;
    } else if (ch === '\n' || ch === '\r') {
      throw new Error(`bare line break at offset ${i}: records must end with CRLF`);
    } else {
      field += ch;
      i++;
    }
  }
  if (field !== '' || record.length) throw new Error('last record does not end with CRLF');
  return records;
}
