// The provider fee is kept in parts per million of GGR (brand setting agentNgr.providerFeePpm); the
// Vendors screen shows and takes it as a percent.

/** Parts per million as the percent the screen shows ("2.5"). */
export function percentOfPpm(ppm: number): string {
  return String(ppm / 10_000);
}

/**
 * A percent typed by the operator as parts per million, or null when it is not a number from 0 to
 * 100 with at most four decimals (a ppm is a whole number).
 */
export function ppmOfPercent(text: string): number | null {
  const trimmed = text.trim();
  if (!/^\d{1,3}(\.\d{1,4})?$/.test(trimmed)) return null;
  const [whole = '0', fraction = ''] = trimmed.split('.');
  const ppm = Number(whole) * 10_000 + Number(fraction.padEnd(4, '0'));
  return ppm <= 1_000_000 ? ppm : null;
}
