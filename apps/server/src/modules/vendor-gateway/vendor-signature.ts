import { createHmac } from 'node:crypto';
import { hexSignatureMatches } from '../../http/constant-time';

// Signatures of the vendor wallet API. Kept apart from the service so the seed, the tests, the
// bench and the service share one definition (the studio, which may not import the server,
// computes the same two formulas itself).

/** A vendor's API secret derived from the house secret: hex(HMAC-SHA256(houseSecret, 'vendor:' + code)). */
export function deriveVendorSecret(houseSecret: string, vendorCode: string): string {
  return createHmac('sha256', houseSecret).update(`vendor:${vendorCode}`).digest('hex');
}

/** X-Signature of a body: hex(HMAC-SHA256(vendorSecret, rawBody)). */
export function signVendorBody(secret: string, rawBody: string | Buffer): string {
  return createHmac('sha256', secret).update(rawBody).digest('hex');
}

/** Constant-time check of a hex signature over the raw bytes; anything malformed is simply wrong. */
export function signatureMatches(secret: string, rawBody: Buffer, signature: string | undefined): boolean {
  return hexSignatureMatches(signature, signVendorBody(secret, rawBody));
}
