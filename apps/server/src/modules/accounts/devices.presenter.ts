import type { LoginHistoryItem, MemberSession } from '@gamehall/shared/api/devices';

/**
 * A short name for a user agent ("Chrome on Android"). Only for people to recognise their devices:
 * the full string is sent beside it.
 */
export function describeDevice(userAgent: string | null): string {
  if (!userAgent) return 'Unknown device';
  const ua = userAgent;
  const browser = /Edg\//.test(ua)
    ? 'Edge'
    : /OPR\/|Opera/.test(ua)
      ? 'Opera'
      : /SamsungBrowser\//.test(ua)
        ? 'Samsung Internet'
        : /Firefox\/|FxiOS\//.test(ua)
          ? 'Firefox'
          : /Chrome\/|CriOS\/|Chromium\//.test(ua)
            ? 'Chrome'
            : /Safari\//.test(ua)
              ? 'Safari'
              : null;
  const os = /Android/.test(ua)
    ? 'Android'
    : /iPhone|iPad|iPod/.test(ua)
      ? 'iOS'
      : /Windows/.test(ua)
        ? 'Windows'
        : /Mac OS X|Macintosh/.test(ua)
          ? 'macOS'
          : /CrOS/.test(ua)
            ? 'ChromeOS'
            : /Linux/.test(ua)
              ? 'Linux'
              : null;
  if (browser && os) return `${browser} on ${os}`;
  return browser ?? os ?? ua.slice(0, 40);
}

export function presentSession(
  r: {
    id: number;
    ip: string | null;
    user_agent: string | null;
    created_at: Date | string;
    last_seen_at: Date | string;
  },
  currentSessionId: number,
): MemberSession {
  return {
    id: r.id,
    device: describeDevice(r.user_agent),
    userAgent: r.user_agent,
    ip: r.ip,
    createdAt: new Date(r.created_at).toISOString(),
    lastSeenAt: new Date(r.last_seen_at).toISOString(),
    current: r.id === currentSessionId,
  };
}

/**
 * One audit row of a login attempt. The row's detail says how: `type` (username or sms) for a
 * password or SMS login, `method` for a new-IP verification, `step: 'required'` when a verification
 * was asked for.
 */
export function presentLoginAttempt(r: {
  id: number;
  event: string;
  success: boolean;
  ip: string | null;
  user_agent: string | null;
  detail: unknown;
  created_at: Date | string;
}): LoginHistoryItem {
  const detail = (typeof r.detail === 'string' ? JSON.parse(r.detail) : (r.detail ?? {})) as Record<string, unknown>;
  const required = r.event === 'login.verification' && detail.step === 'required';
  const method =
    r.event === 'login.verification' && !required
      ? typeof detail.method === 'string'
        ? detail.method
        : null
      : typeof detail.type === 'string'
        ? detail.type
        : null;
  return {
    id: r.id,
    time: new Date(r.created_at).toISOString(),
    ip: r.ip,
    device: describeDevice(r.user_agent),
    result: required ? 'verificationRequired' : r.success ? 'success' : 'failure',
    method,
  };
}
