// The crash chart, the rising curve drawn live: an inline SVG with a grid whose
// axes rescale as the flight goes on, the curve and its filled area, and a glowing head. One path's
// `d` changes per frame (about 50 points), cheap enough for 60 fps on a throttled phone; the grid is
// rebuilt only when its ticks change. The values come from crash-present.ts (the server's state).
import { type ChartScale, chartScale, curvePoints, ticks } from './crash-present';

const NS = 'http://www.w3.org/2000/svg';
const W = 600;
const H = 300;
const LEFT = 54;
const BOTTOM = 24;
const TOP = 12;
const RIGHT = 14;

function svg<K extends keyof SVGElementTagNameMap>(tag: K, attrs: Record<string, string | number> = {}) {
  const el = document.createElementNS(NS, tag);
  for (const [k, v] of Object.entries(attrs)) el.setAttribute(k, String(v));
  return el;
}

export type CrashChart = {
  el: SVGSVGElement;
  /** Draws `elapsed` ms of flight up to `multiplier` (hundredths); `tone` colours the curve. */
  draw(elapsed: number, multiplier: number, tone: 'flying' | 'crashed' | 'idle'): void;
};

export function createCrashChart(): CrashChart {
  const root = svg('svg', {
    viewBox: `0 0 ${W} ${H}`,
    class: 'crash-chart',
    'aria-hidden': 'true',
    'data-testid': 'crash-chart',
  });
  const defs = svg('defs');
  const grad = svg('linearGradient', { id: 'crash-fill', x1: 0, y1: 0, x2: 0, y2: 1 });
  grad.append(
    svg('stop', { offset: '0%', 'stop-color': 'currentColor', 'stop-opacity': 0.45 }),
    svg('stop', { offset: '100%', 'stop-color': 'currentColor', 'stop-opacity': 0.02 }),
  );
  const glow = svg('filter', { id: 'crash-glow', x: '-50%', y: '-50%', width: '200%', height: '200%' });
  glow.append(svg('feGaussianBlur', { stdDeviation: 4 }));
  defs.append(grad, glow);
  const grid = svg('g', { class: 'crash-grid' });
  const area = svg('path', { class: 'crash-area', fill: 'url(#crash-fill)' });
  const line = svg('path', { class: 'crash-line', fill: 'none' });
  const haloDot = svg('circle', { r: 10, class: 'crash-halo', filter: 'url(#crash-glow)' });
  const headDot = svg('circle', { r: 5, class: 'crash-head' });
  root.append(defs, grid, area, line, haloDot, headDot);

  const plotW = W - LEFT - RIGHT;
  const plotH = H - TOP - BOTTOM;
  const px = (u: number) => LEFT + u * plotW;
  const py = (v: number) => TOP + plotH - v * plotH;

  let gridKey = '';
  function drawGrid(scale: ChartScale) {
    const ys = ticks(1, scale.yMax, 4).filter((v) => v > 1);
    const xs = ticks(0, scale.xMax / 1000, 5).filter((v) => v > 0);
    const key = `${ys.join()}|${xs.join()}`;
    if (key === gridKey) return;
    gridKey = key;
    const parts: SVGElement[] = [svg('line', { x1: LEFT, y1: py(0), x2: W - RIGHT, y2: py(0), class: 'axis' })];
    for (const v of ys) {
      const y = py((v - 1) / (scale.yMax - 1));
      parts.push(svg('line', { x1: LEFT, y1: y, x2: W - RIGHT, y2: y }));
      const label = svg('text', { x: LEFT - 6, y: y + 4, 'text-anchor': 'end' });
      label.textContent = `${Number(v.toFixed(2))}×`;
      parts.push(label);
    }
    for (const s of xs) {
      const x = px((s * 1000) / scale.xMax);
      parts.push(svg('line', { x1: x, y1: TOP, x2: x, y2: py(0), class: 'vertical' }));
      const label = svg('text', { x, y: H - 6, 'text-anchor': 'middle' });
      label.textContent = `${Number(s.toFixed(1))}s`;
      parts.push(label);
    }
    grid.replaceChildren(...parts);
  }

  return {
    el: root,
    draw(elapsed, multiplier, tone) {
      const scale = chartScale(elapsed, multiplier);
      drawGrid(scale);
      root.dataset.tone = tone;
      const points = curvePoints(elapsed, scale).map(([u, v]) => `${px(u).toFixed(1)},${py(v).toFixed(1)}`);
      const d = `M${points.join('L')}`;
      line.setAttribute('d', d);
      const last = points[points.length - 1] ?? `${px(0)},${py(0)}`;
      area.setAttribute('d', `${d}L${last.split(',')[0]},${py(0)}L${px(0)},${py(0)}Z`);
      const [hx, hy] = last.split(',');
      for (const dot of [haloDot, headDot]) {
        dot.setAttribute('cx', hx ?? '0');
        dot.setAttribute('cy', hy ?? '0');
      }
    },
  };
}
