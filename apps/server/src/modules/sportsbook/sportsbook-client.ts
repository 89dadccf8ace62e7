import { TRADER_SIGNATURE_HEADER, TRADER_TIME_HEADER } from '@gamehall/shared/api/sportsbook-trader';
import type { z } from 'zod';
import { AppError } from '../../http/errors';
import { signTraderRequest } from './sportsbook-signature';

// The platform's side of the trader API: one signed HTTP request to the sportsbook per call,
// its answer read with the shared schema. Whatever goes wrong becomes one of four codes the console
// can act on: SPORTSBOOK_UNAVAILABLE (no answer, a 5xx, or the sportsbook refused the signature:
// nothing the trader can fix from the console), SPORTSBOOK_NOT_FOUND (its 404),
// SPORTSBOOK_REFUSED (another 4xx, with the sportsbook's own code and message) and
// SPORTSBOOK_BAD_ANSWER (an answer the shared schema does not read).

export type TraderTarget = {
  /** The sportsbook's base URL (no trailing slash); undefined when there is none to call. */
  baseUrl: string | undefined;
  secret: string;
  now: () => Date;
  log: { warn: (obj: object, msg: string) => void };
};

export type TraderRequest = {
  method: 'GET' | 'POST' | 'PUT';
  path: string;
  query?: Record<string, string | number | boolean | undefined> | undefined;
  body?: unknown;
  /** Instead of the default for the method. */
  timeoutMs?: number;
};

/** Reads stay short; a result can settle many bets before the sportsbook answers. */
const READ_TIMEOUT_MS = 10_000;
const WRITE_TIMEOUT_MS = 60_000;

function queryString(query: TraderRequest['query']): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) if (value !== undefined) params.set(key, String(value));
  const text = params.toString();
  return text ? `?${text}` : '';
}

/** The sportsbook's error body, { error: { code, message } } as the house studio answers. */
function refusalOf(body: unknown): { code?: string; message?: string } {
  const error = typeof body === 'object' && body !== null ? (body as { error?: unknown }).error : undefined;
  if (typeof error !== 'object' || error === null) return {};
  const { code, message } = error as { code?: unknown; message?: unknown };
  return {
    ...(typeof code === 'string' ? { code: code.slice(0, 80) } : {}),
    ...(typeof message === 'string' ? { message: message.slice(0, 300) } : {}),
  };
}

export async function traderCall<S extends z.ZodType>(
  target: TraderTarget,
  request: TraderRequest,
  answer: S,
): Promise<z.infer<S>> {
  if (!target.baseUrl) throw new AppError('SPORTSBOOK_UNAVAILABLE');
  const url = new URL(`${target.baseUrl}${request.path}${queryString(request.query)}`);
  const path = `${url.pathname}${url.search}`;
  const body = request.body === undefined ? '' : JSON.stringify(request.body);
  const time = String(target.now().getTime());
  const headers: Record<string, string> = {
    [TRADER_TIME_HEADER]: time,
    [TRADER_SIGNATURE_HEADER]: signTraderRequest(target.secret, { time, method: request.method, path, body }),
    accept: 'application/json',
  };
  if (body) headers['content-type'] = 'application/json';
  let response: Response;
  try {
    response = await fetch(url, {
      method: request.method,
      headers,
      ...(body ? { body } : {}),
      signal: AbortSignal.timeout(request.timeoutMs ?? (request.method === 'GET' ? READ_TIMEOUT_MS : WRITE_TIMEOUT_MS)),
    });
  } catch (error) {
    target.log.warn({ err: error, path: url.pathname }, 'sportsbook trader API: no answer');
    throw new AppError('SPORTSBOOK_UNAVAILABLE');
  }
  const text = await response.text().catch(() => '');
  let json: unknown;
  try {
    json = text ? JSON.parse(text) : undefined;
  } catch {
    json = undefined;
  }
  if (response.status >= 500 || response.status === 401 || response.status === 403) {
    target.log.warn(
      { status: response.status, path: url.pathname, ...refusalOf(json) },
      'sportsbook trader API failed',
    );
    throw new AppError('SPORTSBOOK_UNAVAILABLE');
  }
  if (response.status === 404) throw new AppError('SPORTSBOOK_NOT_FOUND', { value: refusalOf(json) });
  if (response.status >= 400) throw new AppError('SPORTSBOOK_REFUSED', { value: refusalOf(json) });
  const parsed = answer.safeParse(json);
  if (!parsed.success) {
    target.log.warn(
      { path: url.pathname, issues: parsed.error.issues.slice(0, 5) },
      'sportsbook trader API: unreadable answer',
    );
    throw new AppError('SPORTSBOOK_BAD_ANSWER');
  }
  return parsed.data;
}
