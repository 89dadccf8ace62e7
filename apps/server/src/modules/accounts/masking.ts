// How a member's own contact details are shown back to them (member info, security centre, login
// answers): enough to recognise, never the whole value. The back office has its own rules (http/pii.ts).

/** 917****567 */
export function maskMobile(mobile: string): string {
  if (mobile.length >= 8) return `${mobile.slice(0, 3)}****${mobile.slice(-3)}`;
  if (mobile.length >= 4) return `****${mobile.slice(-2)}`;
  return '****';
}

/** a***@example.com */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  if (at < 1) return '***';
  return `${email[0]}***${email.slice(at)}`;
}
