// How often a naive template-matching solver reads the login captcha: a captcha a short script can
// read keeps no bot out. The solver (apps/server/src/test/captcha-solver.ts) is told each answer's
// length; its control is the same characters drawn upright and apart, which it must read.
//
// Run: node --import tsx bench/captcha.ts [--images 1000]
import { randomCaptchaText, renderCaptcha } from '../apps/server/src/modules/accounts/captcha-image';
import { renderUprightCaptcha, solveCaptcha } from '../apps/server/src/test/captcha-solver';

const args = process.argv.slice(2);
const i = args.indexOf('--images');
const images = i >= 0 ? Number(args[i + 1]) : 1000;

function run(name: string, render: (text: string) => Buffer, count: number) {
  let solved = 0;
  let chars = 0;
  let total = 0;
  const started = performance.now();
  for (let n = 0; n < count; n++) {
    const text = randomCaptchaText();
    const guess = solveCaptcha(render(text), text.length);
    if (guess === text) solved++;
    for (let c = 0; c < text.length; c++) {
      total++;
      if (guess[c] === text[c]) chars++;
    }
  }
  const share = solved / count;
  // The upper end of a 95% interval for the true share (Wilson), so "0 of 1000" still says something.
  const z = 1.96;
  const upper =
    (share + (z * z) / (2 * count) + z * Math.sqrt((share * (1 - share)) / count + (z * z) / (4 * count * count))) /
    (1 + (z * z) / count);
  console.log(
    `${name}: ${solved}/${count} read (${(share * 100).toFixed(1)}%, 95% upper ${(upper * 100).toFixed(1)}%), ` +
      `characters ${((chars / total) * 100).toFixed(1)}%, ${((performance.now() - started) / count).toFixed(0)} ms an image`,
  );
}

run('control (upright glyphs)', (text) => renderUprightCaptcha(text), Math.min(images, 200));
run('captcha', renderCaptcha, images);
