import { createHash, randomBytes } from 'node:crypto';
import { CAPTCHA_REFRESH_MS } from '@gamehall/shared/constants';
import type { AppContext } from '../../context';
import type { Conn } from '../../db/database';
import { AppError } from '../../http/errors';
import type { RequestMeta } from '../../http/request-meta';
import { hit } from '../throttle/throttle.service';
import { demoCaptchaAnswer, takeCaptcha, upsertCaptcha } from './captcha.queries';
import { randomCaptchaText, renderCaptcha } from './captcha-image';
import { keyedHash, sameHash } from './sms.service';

// api-conventions "Captcha": the answer is tied to the client, single use, expires, compared
// without regard to case; refresh at most once a second (spec §9).
export const CAPTCHA_COOKIE = 'ghcid';
const CAPTCHA_TTL_MS = 5 * 60_000;
const COOKIE_ID = /^[A-Za-z0-9_-]{22,64}$/;

function cookieValue(meta: RequestMeta, name: string): string | undefined {
  const header = meta.cookie;
  if (header === null) return undefined;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq).trim() === name) return part.slice(eq + 1).trim();
  }
  return undefined;
}

/**
 * The keys a captcha may be stored under: the ghcid cookie when the client sends a well-formed
 * one, and a hash of IP and user agent for clients without cookies. A browser's very first image
 * is fetched before it has the cookie, so it is filed under the fallback key; answers are looked up
 * under the cookie first and the fallback second.
 */
function clientKeys(meta: RequestMeta): { cookie: string | undefined; fallback: string } {
  const id = cookieValue(meta, CAPTCHA_COOKIE);
  const ua = meta.userAgent ?? '';
  const fallback = `ipua:${createHash('sha256').update(`${meta.ip}\n${ua}`).digest('hex')}`;
  return { cookie: id && COOKIE_ID.test(id) ? `cookie:${id}` : undefined, fallback };
}

/** What a captcha row keeps instead of its answer (exported for tests that need a known answer). */
export function captchaAnswerHash(ctx: AppContext, clientKey: string, answer: string) {
  return keyedHash(ctx, `captcha:${clientKey}`, answer.trim().toUpperCase());
}

/** A new captcha for this client; `setCookie` is the ghcid cookie to send when the client had none. */
export async function newCaptcha(
  ctx: AppContext,
  meta: RequestMeta,
): Promise<{ image: string; setCookie: string | undefined }> {
  const keys = clientKeys(meta);
  const clientKey = keys.cookie ?? keys.fallback;
  const now = ctx.now();
  // The refresh limit counts what the client cannot change at will: its address, and its account
  // when it sends a session. A fresh cookie or user agent per request starts no new count.
  const refresh = { max: 1, windowSeconds: CAPTCHA_REFRESH_MS / 1000 };
  await hit(ctx.db, `captcha:refresh:ip:${meta.ip}`, refresh, now);
  if (meta.principal) await hit(ctx.db, `captcha:refresh:account:${meta.principal.memberId}`, refresh, now);
  const text = randomCaptchaText();
  await upsertCaptcha(ctx.db, {
    clientKey,
    answerHash: captchaAnswerHash(ctx, clientKey, text),
    demoAnswer: ctx.config.demo ? text : null,
    expiresAt: new Date(now.getTime() + CAPTCHA_TTL_MS),
    now,
  });
  const setCookie = keys.cookie
    ? undefined
    : [
        `${CAPTCHA_COOKIE}=${randomBytes(24).toString('base64url')}`,
        'Path=/',
        'HttpOnly',
        'SameSite=Lax',
        `Max-Age=${365 * 24 * 3600}`,
        ...(ctx.config.publicUrl.startsWith('https:') ? ['Secure'] : []),
      ].join('; ');
  return { image: renderCaptcha(text).toString('base64'), setCookie };
}

/**
 * Demo mode only (the route is not registered elsewhere): the text of the calling client's live
 * captcha, looked up as checkCaptcha looks it up, so a demo visitor (or a browser test) can pass it
 * as it reads SMS codes from the demo outbox. Null when the client holds none or it has expired.
 */
export async function demoAnswerFor(ctx: AppContext, meta: RequestMeta): Promise<string | null> {
  if (!ctx.config.demo) return null;
  const keys = clientKeys(meta);
  const row = await demoCaptchaAnswer(ctx.db, keys.cookie ? [keys.cookie, keys.fallback] : [keys.fallback]);
  if (!row || new Date(row.expires_at) <= ctx.now()) return null;
  return row.demo_answer;
}

/**
 * Checks and spends the client's captcha. Throws CAPTCHA_REQUIRED when no answer is given and
 * CAPTCHA_INVALID when it is wrong, expired or was never issued; both carry { captcha: true } so
 * the form shows (or reloads) the image.
 */
export async function checkCaptcha(
  ctx: AppContext,
  db: Conn,
  meta: RequestMeta,
  answer: string | undefined,
): Promise<void> {
  const given = (answer ?? '').trim();
  if (!given) throw new AppError('CAPTCHA_REQUIRED', { value: { captcha: true } });
  const keys = clientKeys(meta);
  for (const clientKey of [keys.cookie, keys.fallback]) {
    if (!clientKey) continue;
    const row = await takeCaptcha(db, clientKey);
    if (!row) continue;
    if (new Date(row.expires_at) > ctx.now() && sameHash(captchaAnswerHash(ctx, clientKey, given), row.answer_hash))
      return;
    break;
  }
  throw new AppError('CAPTCHA_INVALID', { value: { captcha: true } });
}
