/** A message with a slot left empty: two spaces, a space before punctuation, empty brackets, "by" with nobody, a hanging colon. */
import { expect } from 'vitest';

export function expectFilled(message: string): void {
  expect(message, message).not.toMatch(/ {2}|\(\s*\)|\s[.,;:)]|\(\s|:\s*$|\bby\s*[(.:,]|\bby\s*$|\bundefined\b|\bnull\b|#\s|#$/);
}
