// A dependency-free SVG plot of an RTP report: one row per bet, its z = (simulated - exact) / standard
// error on a common axis (the rows' errors differ by two orders of magnitude, so raw differences would
// hide most of them), with the |z| < 2 band shaded and the test's |z| < 5 limit marked.
import type { RtpRow } from '../apps/studio/src/casino/engines/rtp-scenarios';

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

export function renderRtpSvg(rows: RtpRow[], rounds: number): string {
  const rowHeight = 18;
  const left = 380;
  const plotWidth = 420;
  const right = 120;
  const top = 48;
  const width = left + plotWidth + right;
  const height = top + rows.length * rowHeight + 40;
  const span = Math.max(5.5, ...rows.map((r) => Math.abs(r.z) + 0.5));
  const x = (z: number) => left + ((z + span) / (2 * span)) * plotWidth;
  const bottom = top + rows.length * rowHeight;
  const parts: string[] = [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" font-family="sans-serif" font-size="11">`,
    `<title>Studio RTP by simulation: z of each engine against its exact RTP</title>`,
    `<rect width="${width}" height="${height}" fill="#fff"/>`,
    `<text x="${width / 2}" y="18" text-anchor="middle" font-size="14" font-weight="bold">RTP by simulation: z = (simulated - exact) / standard error, ${rounds.toExponential(0)} rounds per row</text>`,
    `<rect x="${x(-2)}" y="${top - 6}" width="${x(2) - x(-2)}" height="${bottom - top + 6}" fill="#e3f0e3"/>`,
  ];
  for (let z = -Math.floor(span); z <= Math.floor(span); z++) {
    const tx = x(z);
    const strong = z === 0 || Math.abs(z) === 5;
    parts.push(
      `<line x1="${tx}" y1="${top - 6}" x2="${tx}" y2="${bottom}" stroke="${Math.abs(z) === 5 ? '#d62728' : z === 0 ? '#333' : '#ddd'}" stroke-width="${strong ? 1.5 : 1}"${Math.abs(z) === 5 ? ' stroke-dasharray="4 3"' : ''}/>`,
      `<text x="${tx}" y="${top - 10}" text-anchor="middle" fill="#555">${z > 0 ? '+' : ''}${z}</text>`,
    );
  }
  rows.forEach((r, i) => {
    const y = top + i * rowHeight + rowHeight / 2;
    const color = Math.abs(r.z) < 2 ? '#1f77b4' : Math.abs(r.z) < 4 ? '#ff7f0e' : '#d62728';
    if (i % 2 === 0)
      parts.push(`<rect x="0" y="${y - rowHeight / 2}" width="${left - 2}" height="${rowHeight}" fill="#f6f6f6"/>`);
    parts.push(
      `<text x="${left - 8}" y="${y + 4}" text-anchor="end">${esc(`${r.scenario} · ${r.bet}`.slice(0, 62))}</text>`,
      `<line x1="${x(0)}" y1="${y}" x2="${x(r.z)}" y2="${y}" stroke="${color}" stroke-width="2"/>`,
      `<circle cx="${x(r.z)}" cy="${y}" r="4" fill="${color}"/>`,
      `<text x="${left + plotWidth + 8}" y="${y + 4}" fill="#333">${(r.exact * 100).toFixed(2)}% ± ${(r.se * 100).toFixed(3)}</text>`,
    );
  });
  parts.push(
    `<text x="${left + plotWidth / 2}" y="${height - 12}" text-anchor="middle" fill="#555">shaded: |z| &lt; 2; dashed red: |z| = 5, the limit of the tests; right: exact RTP ± one standard error of the simulation</text>`,
    '</svg>',
  );
  return `${parts.join('\n')}\n`;
}
