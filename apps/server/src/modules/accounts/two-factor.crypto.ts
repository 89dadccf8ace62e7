import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';
import type { AppContext } from '../../context';

// TOTP secrets must be readable by the server (it computes the codes), so they are encrypted, not
// hashed. The key is derived from SESSION_SECRET, which lives outside the database: a stolen dump or
// backup alone yields no authenticator. The member id is bound in as associated data, so a sealed
// secret copied onto another member's row does not open. Rotating SESSION_SECRET makes enrolled
// authenticators unreadable (members then enrol again), as it already invalidates the keyed code
// hashes.

const VERSION = 'v1';

function keyOf(ctx: AppContext): Buffer {
  return Buffer.from(hkdfSync('sha256', ctx.config.sessionSecret, 'gamehall', 'member-totp-secret', 32));
}

export function sealTotpSecret(ctx: AppContext, memberId: number, secret: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', keyOf(ctx), iv);
  cipher.setAAD(Buffer.from(`member:${memberId}`));
  const body = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
  return [VERSION, iv, cipher.getAuthTag(), body]
    .map((p) => (typeof p === 'string' ? p : p.toString('base64url')))
    .join('.');
}

/** The secret, or null when the value does not open with this server's key (tampered, other key). */
export function openTotpSecret(ctx: AppContext, memberId: number, sealed: string): string | null {
  const [version, iv, tag, body] = sealed.split('.');
  if (version !== VERSION || !iv || !tag || !body) return null;
  try {
    const decipher = createDecipheriv('aes-256-gcm', keyOf(ctx), Buffer.from(iv, 'base64url'));
    decipher.setAAD(Buffer.from(`member:${memberId}`));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
  } catch {
    return null;
  }
}
