/**
 * A failed zod validation as one line a person can read ("sport: Invalid option; line.x: Too small"). Lives in the
 * domain because every layer that validates a file or an argument words its refusal with it.
 */
interface ZodLikeIssue {
  readonly path: readonly PropertyKey[];
  readonly message: string;
}

/** Duck-typed so errors from any zod copy (a bundle, a worker) are recognised. */
export function isZodLike(err: unknown): err is { issues: ZodLikeIssue[] } {
  return typeof err === 'object' && err !== null && Array.isArray((err as { issues?: unknown }).issues) && (err as Error).name === 'ZodError';
}

export function describeZodIssues(issues: readonly ZodLikeIssue[]): string {
  return issues
    .slice(0, 3)
    .map((i) => (i.path.length ? `${i.path.map(String).join('.')}: ${i.message}` : i.message))
    .join('; ');
}
