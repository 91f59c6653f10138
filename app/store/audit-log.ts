/**
 * `audit.jsonl` on disk: reading it line by line (reporting where it is damaged) and appending sealed entries
 * durably. A last line without its newline that does not parse is an append a crash interrupted: it was never
 * committed (the document is written only after the append returns), so it is reported as `tornTail`.
 */
import { readBoundedFile } from './regular-file.js';
import { systemErrorToUserError } from '../domain/system-errors.js';
import { auditEntry, serialiseEntry, type AuditEntry } from '../domain/audit/chain.js';
import { UserError } from '../domain/errors.js';
import { appendDurable } from './atomic-write.js';

export interface AuditLogRead {
  entries: AuditEntry[];
  /** Bytes of a trailing, unterminated, unparsable line (an interrupted append), else 0. */
  tornTailBytes: number;
  /** First line that is not a valid entry (1-based), other than a torn tail. */
  badLine: { line: number; reason: string } | null;
  /** Length in bytes of the well-formed part (everything before a torn tail). */
  goodBytes: number;
}

/**
 * Largest audit log read: a race's log is a few hundred entries of a kilobyte or two; 64 MiB is tens of thousands
 * of changes. Anything larger (or a link to /dev/zero) is not a race's log and is refused, not read.
 */
export const MAX_AUDIT_LOG_BYTES = 64 * 1024 * 1024;

export async function readAuditLog(file: string): Promise<AuditLogRead> {
  const folder = { consequence: 'the race cannot be opened (restore audit.jsonl from a copy of the race)', code: 'CONFLICT' } as const;
  const buf = await readBoundedFile(file, MAX_AUDIT_LOG_BYTES, "the race's audit log", folder).catch((err: unknown) => {
    if (err instanceof UserError) throw err;
    throw systemErrorToUserError(err, file) ?? err;
  });
  // Split on bytes, not decoded text: a crash can cut a multi-byte character in half.
  const completeBytes = buf.lastIndexOf(0x0a) + 1;
  const complete = buf.subarray(0, completeBytes).toString('utf8');
  const tail = buf.subarray(completeBytes).toString('utf8');
  const entries: AuditEntry[] = [];
  let badLine: AuditLogRead['badLine'] = null;
  const lines = complete.split('\n').slice(0, -1);
  for (const [i, line] of lines.entries()) {
    const parsed = parseLine(line);
    if (typeof parsed === 'string') {
      badLine = { line: i + 1, reason: parsed };
      break;
    }
    entries.push(parsed);
  }
  let tornTailBytes = 0;
  if (tail.trim() !== '') {
    const parsed = parseLine(tail);
    if (typeof parsed === 'string') tornTailBytes = buf.length - completeBytes;
    // A complete entry whose newline was lost is still the committed entry.
    else if (!badLine) entries.push(parsed);
  }
  return { entries, tornTailBytes, badLine, goodBytes: buf.length - tornTailBytes };
}

function parseLine(line: string): AuditEntry | string {
  let json: unknown;
  try {
    json = JSON.parse(line);
  } catch {
    return 'not valid JSON';
  }
  const r = auditEntry.safeParse(json);
  return r.success ? (r.data as AuditEntry) : 'not an audit entry';
}

export async function appendAuditEntry(file: string, entry: AuditEntry): Promise<void> {
  await appendDurable(file, serialiseEntry(entry));
}
