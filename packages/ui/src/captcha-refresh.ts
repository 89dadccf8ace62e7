import { CAPTCHA_REFRESH_MS } from '@gamehall/shared/constants';

/**
 * spec §5: the captcha image refreshes at most once per second (the server refuses faster ones).
 * How long a refresh asked for at `now` waits when the last image loaded at `lastAt` (0: never).
 */
export function captchaRefreshDelay(lastAt: number, now: number, gap = CAPTCHA_REFRESH_MS): number {
  if (lastAt <= 0) return 0;
  return Math.min(gap, Math.max(0, lastAt + gap - now));
}
