import { describe, expect, it } from 'vitest';
import { noticeTime } from './notice-time';

describe('noticeTime', () => {
  it('names the time in the brand time zone with its offset', () => {
    const at = new Date('2026-11-25T02:44:00Z');
    expect(noticeTime(at, 'Asia/Manila')).toBe('2026-11-25 10:44 (UTC+08:00)');
    expect(noticeTime(at, 'UTC')).toBe('2026-11-25 02:44 (UTC+00:00)');
    expect(noticeTime(new Date('2026-11-24T20:30:00Z'), 'Asia/Manila')).toBe('2026-11-25 04:30 (UTC+08:00)');
    expect(noticeTime(at, 'America/New_York')).toBe('2026-11-24 21:44 (UTC-05:00)');
  });
});
