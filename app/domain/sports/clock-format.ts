/**
 * Printing a count of 10^-d seconds as officials write times: "9.58", "1:02.345", "1:02:03.4". Integer maths only:
 * the digits printed are exactly those of the already-rounded count.
 */
export function formatUnits(units: bigint, decimals: number, clock = true): string {
  const neg = units < 0n;
  const a = neg ? -units : units;
  const scale = 10n ** BigInt(decimals);
  const whole = a / scale;
  const frac = decimals > 0 ? `.${(a % scale).toString().padStart(decimals, '0')}` : '';
  let body: string;
  if (clock && whole >= 60n) {
    const h = whole / 3600n;
    const m = (whole % 3600n) / 60n;
    const s = whole % 60n;
    const ss = s.toString().padStart(2, '0');
    body = h > 0n ? `${h}:${m.toString().padStart(2, '0')}:${ss}` : `${m}:${ss}`;
  } else body = whole.toString();
  return `${neg ? '-' : ''}${body}${frac}`;
}
