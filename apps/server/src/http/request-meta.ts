import { createHash } from 'node:crypto';
import type { FastifyBaseLogger, FastifyRequest } from 'fastify';
import type { Principal } from './auth';

/**
 * What services read of the HTTP request that called them: who asked from where, for throttles,
 * sessions, devices and audit rows. Routes build it with requestMetaOf(req); services never see the
 * Fastify request, so they can be called from jobs and tests without one.
 */
export type RequestMeta = {
  ip: string;
  /** The User-Agent header as sent (callers that store it cut it to their column), or null. */
  userAgent: string | null;
  /** The SHA-256 of the X-Device-Id header, or null when none (or one of the wrong shape) is sent. */
  device: string | null;
  /** The caller's session, when it sent a valid one. */
  principal: Principal | null;
  /** The site the caller is using: the page's Origin when it is an http(s) origin, else this host. */
  siteOrigin: string;
  /** The host name the request reached. */
  hostname: string;
  /** The Language header, or null. */
  language: string | null;
  /** The Cookie header, or null. */
  cookie: string | null;
  log: FastifyBaseLogger;
};

const DEVICE_ID = /^[A-Za-z0-9-]{16,64}$/;

function deviceHashOf(request: FastifyRequest): string | null {
  const raw = request.headers['x-device-id'];
  if (typeof raw !== 'string' || !DEVICE_ID.test(raw)) return null;
  return createHash('sha256').update(raw).digest('hex');
}

function siteOriginOf(request: FastifyRequest): string {
  const origin = request.headers.origin;
  if (typeof origin === 'string') {
    try {
      const url = new URL(origin);
      if (url.protocol === 'http:' || url.protocol === 'https:') return url.origin;
    } catch {
      // not a URL: the host the request reached
    }
  }
  return `${request.protocol}://${request.host}`;
}

function headerOf(request: FastifyRequest, name: string): string | null {
  const value = request.headers[name];
  return typeof value === 'string' ? value : null;
}

export function requestMetaOf(request: FastifyRequest): RequestMeta {
  return {
    ip: request.ip,
    userAgent: headerOf(request, 'user-agent'),
    device: deviceHashOf(request),
    principal: request.principal ?? null,
    siteOrigin: siteOriginOf(request),
    hostname: request.hostname,
    language: headerOf(request, 'language'),
    cookie: headerOf(request, 'cookie'),
    log: request.log,
  };
}
