import { describe, expect, it } from 'vitest';
import { renderUprightCaptcha, solveCaptcha } from '../../test/captcha-solver';
import { randomCaptchaText, renderCaptcha } from './captcha-image';

// A short template-matching script must not read the captchas: the naive solver
// (test/captcha-solver.ts, told each answer's length) must read the control images it was built
// for, and next to none of the real ones. bench/captcha.ts runs the same on more images.

function solvedShare(render: (text: string) => Buffer, images: number): number {
  let solved = 0;
  for (let i = 0; i < images; i++) {
    const text = randomCaptchaText();
    if (solveCaptcha(render(text), text.length) === text) solved++;
  }
  return solved / images;
}

describe('captcha image against a template-matching solver', () => {
  it('the solver reads upright, evenly spaced glyphs (its control)', () => {
    expect(solvedShare((text) => renderUprightCaptcha(text), 40)).toBeGreaterThan(0.6);
  }, 120_000);

  it('reads under 3% of 200 real captchas', () => {
    expect(solvedShare(renderCaptcha, 200)).toBeLessThan(0.03);
  }, 240_000);
});
