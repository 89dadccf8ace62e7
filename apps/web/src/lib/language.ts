/** spec §4: the stored language, reset to EN when missing or not supported by the brand. */
export function pickLanguage(stored: string | null, supported: readonly string[]): string {
  const upper = stored?.toUpperCase();
  return upper && supported.includes(upper) ? upper : 'EN';
}
