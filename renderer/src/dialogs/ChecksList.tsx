/** The rule checks of a result: errors (certification waits for them) first, then warnings for the official to weigh. */
import type { RuleCheck } from '../../../app/api/types.js';

export function ChecksList({ checks, testId }: { checks: readonly RuleCheck[]; testId?: string }) {
  if (checks.length === 0) return null;
  const sorted = [...checks].sort((a, b) => (a.severity === b.severity ? 0 : a.severity === 'error' ? -1 : 1));
  return (
    <ul className="checks" data-testid={testId}>
      {sorted.map((c, i) => (
        <li key={`${c.code}-${i}`} className={c.severity} data-code={c.code} data-testid={`check-${c.code}`}>
          <strong>{c.severity === 'error' ? 'Must be fixed' : 'Check'}:</strong> {c.message}
        </li>
      ))}
    </ul>
  );
}
