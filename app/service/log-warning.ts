/**
 * Something went wrong that must not stop what the user is doing (the recent-races list could not be saved).
 * Written to stderr, where the desktop shell's log and a terminal both keep it.
 */
export function logWarning(message: string): void {
  process.stderr.write(`photofinish: warning: ${message}\n`);
}
