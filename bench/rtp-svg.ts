// A dependency-free SVG plot of an RTP report: one row per bet, the simulated minus exact return in
// percentage points with a +-2 standard error bar, so a row whose bar misses zero stands out.
import type { RtpRow } from '../apps/studio/src/engines/rtp-scenarios';

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

export function renderRtpSvg(rows: RtpRow[], rounds: number): string {
  const rowHeight = 18;
  const left = 380;
  const plotWidth = 420;
  const right = 120;
  const top = 48;
  const width = left + plotWidth + right;
  const height = top + rows.length * rowHeight + 40;
  const span = Math.max(0.1, ...rows.map((r) => Math.abs(r.simulated - r.exact) * 100 + 2 * r.se * 100)) * 1.1;
  const x = (pp: number) => left + ((pp + span) / (2 * span)) * plotWidth;
  const parts: string[] = [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" font-family="sans-serif" font-size="11">`,
    `<rect width="${width}" height="${height}" fill="#fff"/>`,
    `<text x="${width / 2}" y="18" text-anchor="middle" font-size="14" font-weight="bold">Simulated minus exact RTP (percentage points), ${rounds.toExponential(0)} rounds per row, bars = 2 standard errors</text>`,
  ];
  const ticks = 4;
  for (let i = -ticks; i <= ticks; i++) {
    const pp = (span * i) / ticks;
    const tx = x(pp);
    parts.push(
      `<line x1="${tx}" y1="${top - 6}" x2="${tx}" y2="${top + rows.length * rowHeight}" stroke="${i === 0 ? '#333' : '#ddd'}" stroke-width="${i === 0 ? 1.5 : 1}"/>`,
      `<text x="${tx}" y="${top - 10}" text-anchor="middle" fill="#555">${pp >= 0 ? '+' : ''}${pp.toFixed(3)}</text>`,
    );
  }
  rows.forEach((r, i) => {
    const y = top + i * rowHeight + rowHeight / 2;
    const d = (r.simulated - r.exact) * 100;
    const e = 2 * r.se * 100;
    const color = Math.abs(r.z) < 2 ? '#1f77b4' : Math.abs(r.z) < 4 ? '#ff7f0e' : '#d62728';
    if (i % 2 === 0)
      parts.push(`<rect x="0" y="${y - rowHeight / 2}" width="${width}" height="${rowHeight}" fill="#f6f6f6"/>`);
    parts.push(
      `<text x="${left - 8}" y="${y + 4}" text-anchor="end">${esc(`${r.scenario} · ${r.bet}`.slice(0, 62))}</text>`,
      `<line x1="${x(d - e)}" y1="${y}" x2="${x(d + e)}" y2="${y}" stroke="${color}" stroke-width="2"/>`,
      `<line x1="${x(d - e)}" y1="${y - 4}" x2="${x(d - e)}" y2="${y + 4}" stroke="${color}"/>`,
      `<line x1="${x(d + e)}" y1="${y - 4}" x2="${x(d + e)}" y2="${y + 4}" stroke="${color}"/>`,
      `<circle cx="${x(d)}" cy="${y}" r="3.5" fill="${color}"/>`,
      `<text x="${left + plotWidth + 8}" y="${y + 4}" fill="#333">${(r.exact * 100).toFixed(2)}% z=${r.z.toFixed(2)}</text>`,
    );
  });
  parts.push(
    `<text x="${left + plotWidth / 2}" y="${height - 12}" text-anchor="middle" fill="#555">right column: exact RTP and z = (simulated - exact) / standard error</text>`,
    '</svg>',
  );
  return `${parts.join('\n')}\n`;
}
