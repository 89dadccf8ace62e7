// Content negotiation of a response's compression (RFC 9110 Accept-Encoding), shared by the platform
// server and the house studio, which both serve precompressed files and compress JSON on the fly.

/** The codings the servers produce, in their order of preference when the client ranks them equally. */
export type ContentCoding = 'br' | 'gzip';

const PREFERENCE: readonly ContentCoding[] = ['br', 'gzip'];

/**
 * The coding to send for a request's Accept-Encoding header, or undefined for identity. A coding is
 * acceptable when the header names it (or `*`) with a q-value above 0; among the acceptable ones the
 * highest q wins and a tie goes to br (smaller than gzip for the same text). No header means identity:
 * a client that says nothing may not decode anything.
 */
export function negotiateCoding(
  acceptEncoding: string | string[] | undefined,
  available: readonly ContentCoding[] = PREFERENCE,
): ContentCoding | undefined {
  const header = Array.isArray(acceptEncoding) ? acceptEncoding.join(',') : acceptEncoding;
  if (!header) return undefined;
  const weights = new Map<string, number>();
  for (const part of header.split(',')) {
    const [name = '', ...params] = part.split(';');
    const coding = name.trim().toLowerCase();
    if (!coding) continue;
    let q = 1;
    for (const param of params) {
      const [key, value] = param.split('=');
      if (key?.trim().toLowerCase() !== 'q') continue;
      const parsed = Number(value?.trim());
      q = Number.isFinite(parsed) && parsed >= 0 && parsed <= 1 ? parsed : 0;
    }
    // x-gzip is gzip's old name (RFC 9110 section 8.4.1.3); a repeated coding keeps its lowest weight.
    const key = coding === 'x-gzip' ? 'gzip' : coding;
    weights.set(key, Math.min(q, weights.get(key) ?? 1));
  }
  let best: ContentCoding | undefined;
  let bestQ = 0;
  for (const coding of PREFERENCE) {
    if (!available.includes(coding)) continue;
    const q = weights.get(coding) ?? weights.get('*') ?? 0;
    if (q > bestQ) {
      best = coding;
      bestQ = q;
    }
  }
  return best;
}
