/**
 * One line of comma-separated text as FinishLynx and spreadsheets write it: fields may be quoted with `"` (a
 * doubled `""` inside is a quote) so names like "Smith, Jr." keep their comma. Unquoted fields are trimmed.
 * Returns a reason string when the line is malformed.
 */
export function splitCsvLine(line: string, separator = ','): string[] | string {
  const fields: string[] = [];
  let i = 0;
  // Padding around fields, except the separator itself (a tab-separated line keeps its empty fields).
  const isPad = (ch: string | undefined) => (ch === ' ' || ch === '\t') && ch !== separator;
  for (;;) {
    while (isPad(line[i])) i++;
    if (line[i] === '"') {
      let value = '';
      i++;
      for (;;) {
        if (i >= line.length) return 'a quoted field is not closed';
        const ch = line[i] as string;
        if (ch === '"') {
          if (line[i + 1] === '"') {
            value += '"';
            i += 2;
            continue;
          }
          i++;
          break;
        }
        value += ch;
        i++;
      }
      while (isPad(line[i])) i++;
      if (i < line.length && line[i] !== separator) return 'text after a closing quote';
      fields.push(value);
    } else {
      const end = line.indexOf(separator, i);
      const raw = end < 0 ? line.slice(i) : line.slice(i, end);
      if (raw.includes('"')) return 'a quote inside an unquoted field';
      fields.push(raw.trim());
      i = end < 0 ? line.length : end;
    }
    if (i >= line.length) return fields;
    i++; // separator
    if (i === line.length) {
      fields.push('');
      return fields;
    }
  }
}
