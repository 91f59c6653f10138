/**
 * A meet's settings (`meet.json` in the meet folder): where the meet software's files are read from and results
 * written to, the `.lif` precision, the results feed and the board's read-only token.
 */
import { z } from 'zod';
import { UserError } from '../errors.js';

export const LIF_PRECISIONS = ['0.01', '0.001'] as const;
export type LifPrecision = (typeof LIF_PRECISIONS)[number];

export const MEET_SCHEMA = 'photofinish.meet';

export const feedTarget = z.object({ protocol: z.enum(['udp', 'tcp']), host: z.string().min(1).max(253), port: z.number().int().min(1).max(65535) });
export type FeedTarget = z.infer<typeof feedTarget>;

export const meetSettings = z.object({
  schema: z.literal(MEET_SCHEMA),
  version: z.literal(1),
  /** Folder of lynx.sch / lynx.evt / lynx.ppl: relative to the meet folder where inside it, else absolute. */
  input: z.string().min(1),
  /** Folder the `.lif` and `.json` results are written to (same rule). */
  output: z.string().min(1),
  lifPrecision: z.enum(LIF_PRECISIONS),
  feed: z.object({ target: feedTarget, template: z.string().max(64 * 1024).nullable(), templateFile: z.string().nullable() }).nullable(),
  /** The board's read-only token (distinct from any official's): it opens `/board` and nothing else. */
  boardToken: z.string().regex(/^[0-9a-f]{32,64}$/),
  createdBy: z.string().min(1).max(200),
  createdAt: z.string(),
  changedBy: z.string().min(1).max(200),
  changedAt: z.string(),
});
export type MeetSettings = z.infer<typeof meetSettings>;

export function parseLifPrecision(text: string, what = 'lif precision'): LifPrecision {
  const t = text.trim();
  const found = LIF_PRECISIONS.find((p) => p === t || Number(p) === Number(t));
  if (!found) throw new UserError(`${what} "${text.slice(0, 20)}" must be 0.01 or 0.001`, 'INVALID_ARGUMENT');
  return found;
}

/** `udp://HOST:PORT` or `tcp://HOST:PORT` (an IPv6 host in brackets). */
export function parseFeedTarget(text: string): FeedTarget {
  const m = /^(udp|tcp):\/\/(\[[0-9a-fA-F:.]+\]|[A-Za-z0-9.-]+):(\d{1,5})$/.exec(text.trim());
  const port = m ? Number(m[3]) : 0;
  if (!m || port < 1 || port > 65535) throw new UserError(`feed "${text.slice(0, 80)}" must be udp://HOST:PORT or tcp://HOST:PORT`, 'INVALID_ARGUMENT');
  return { protocol: m[1] as 'udp' | 'tcp', host: (m[2] as string).replace(/^\[|\]$/g, ''), port };
}

export function feedTargetText(t: FeedTarget): string {
  return `${t.protocol}://${t.host.includes(':') ? `[${t.host}]` : t.host}:${t.port}`;
}
