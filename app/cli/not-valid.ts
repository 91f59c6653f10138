/** What the CLI prints instead of "certified" where a certification does not hold: the first reason, and how many more. */
export function notValid(problems: readonly string[]): string {
  const more = problems.length > 1 ? ` (and ${problems.length - 1} more: photofinish verify lists them)` : '';
  return `NOT VALID: ${problems[0] ?? 'the certification does not hold'}${more}`;
}
