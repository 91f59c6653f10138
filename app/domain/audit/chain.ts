/**
 * The audit log (`audit.jsonl`): one JSON line per change to a race, each carrying the previous entry's hash and
 * its own SHA-256 over the canonical serialisation of everything else. Editing, removing or reordering any entry
 * breaks the chain at that entry. The domain stays free of I/O and crypto: callers pass the SHA-256 function.
 */
import { z } from 'zod';
import { canonicalJson } from './canonical.js';

/** Hex SHA-256 of UTF-8 text. */
export type Sha256 = (text: string) => string;

/** `prev` of the first entry. */
export const GENESIS_HASH = '0'.repeat(64);

export const auditEntry = z.object({
  seq: z.number().int().positive(),
  at: z.string(),
  actor: z.string(),
  action: z.string(),
  payload: z.unknown(),
  prev: z.string().regex(/^[0-9a-f]{64}$/),
  hash: z.string().regex(/^[0-9a-f]{64}$/),
});
export type AuditEntry = z.infer<typeof auditEntry> & { payload: unknown };
export type UnsealedEntry = Omit<AuditEntry, 'hash'>;

/** The hash an entry must carry: SHA-256 of the canonical JSON of seq, at, actor, action, payload and prev. */
export function entryHash(entry: UnsealedEntry, sha256: Sha256): string {
  const { seq, at, actor, action, payload, prev } = entry;
  return sha256(canonicalJson({ seq, at, actor, action, payload, prev }));
}

/** The entry that follows `head` (null for an empty log). */
export function sealEntry(
  head: Pick<AuditEntry, 'seq' | 'hash'> | null,
  body: { at: string; actor: string; action: string; payload: unknown },
  sha256: Sha256,
): AuditEntry {
  const unsealed: UnsealedEntry = { seq: (head?.seq ?? 0) + 1, prev: head?.hash ?? GENESIS_HASH, ...body };
  return { ...unsealed, hash: entryHash(unsealed, sha256) };
}

/** One line of `audit.jsonl` (with its newline). */
export function serialiseEntry(entry: AuditEntry): string {
  return `${canonicalJson(entry)}\n`;
}

export interface ChainCheck {
  /** Entries up to (excluding) the first broken one. */
  valid: AuditEntry[];
  /** 1-based sequence number where the chain breaks, with why; null when intact. */
  brokenAt: { seq: number; reason: string } | null;
}

/** Checks parsed entries for order, links and hashes. */
export function checkChain(entries: readonly AuditEntry[], sha256: Sha256): ChainCheck {
  const valid: AuditEntry[] = [];
  let prev = GENESIS_HASH;
  for (const [i, e] of entries.entries()) {
    const expectedSeq = i + 1;
    let reason: string | null = null;
    if (e.seq !== expectedSeq) reason = `sequence number ${e.seq} where ${expectedSeq} was expected`;
    else if (e.prev !== prev) reason = 'previous-entry hash does not match';
    else if (entryHash(e, sha256) !== e.hash) reason = 'entry content does not match its hash (edited)';
    if (reason) return { valid, brokenAt: { seq: expectedSeq, reason } };
    valid.push(e);
    prev = e.hash;
  }
  return { valid, brokenAt: null };
}
