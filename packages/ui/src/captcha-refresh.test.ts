import { describe, expect, it } from 'vitest';
import { captchaRefreshDelay } from './captcha-refresh';

describe('captcha refresh at most once a second (spec §5)', () => {
  it('loads the first image at once', () => {
    expect(captchaRefreshDelay(0, 5_000)).toBe(0);
  });

  it('makes a refresh asked for within the second wait for the rest of it', () => {
    expect(captchaRefreshDelay(10_000, 10_000)).toBe(1000);
    expect(captchaRefreshDelay(10_000, 10_250)).toBe(750);
    expect(captchaRefreshDelay(10_000, 10_999)).toBe(1);
  });

  it('loads at once when the last image is a second old or more', () => {
    expect(captchaRefreshDelay(10_000, 11_000)).toBe(0);
    expect(captchaRefreshDelay(10_000, 60_000)).toBe(0);
  });

  it('never waits longer than the gap, even when the clock went back', () => {
    expect(captchaRefreshDelay(10_000, 2_000)).toBe(1000);
    expect(captchaRefreshDelay(10_000, 10_100, 500)).toBe(400);
  });
});
