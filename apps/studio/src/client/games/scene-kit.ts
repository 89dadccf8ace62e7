// Small tools shared by the fish, duel, match and derby scenes: SVG nodes, reduced
// motion, waits and Web Animations that resolve when done, and the scenes' own style sheet (kept
// beside their code instead of in studio.css, which the other game pages share). A scene keeps its
// aspect ratio: its width is capped by the viewport's height, so a phone held sideways shows the
// whole scene above the controls.

const NS = 'http://www.w3.org/2000/svg';

export function svg(tag: string, attrs: Record<string, string | number> = {}, ...children: (Node | string)[]) {
  const node = document.createElementNS(NS, tag);
  for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, String(v));
  for (const c of children) node.append(c);
  return node as SVGElement;
}

/** `prefers-reduced-motion: reduce`: the scenes then show their end state at once. */
export function reducedMotion(): boolean {
  return typeof matchMedia === 'function' && matchMedia('(prefers-reduced-motion: reduce)').matches;
}

export function wait(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/** Runs a Web Animation and resolves when it ends (at once where the API is missing). */
export function play(el: Element, frames: Keyframe[], options: KeyframeAnimationOptions): Promise<void> {
  if (typeof el.animate !== 'function') return Promise.resolve();
  const a = el.animate(frames, options);
  return a.finished.then(
    () => undefined,
    () => undefined,
  );
}

const CSS = `
.scene{position:relative;width:100%;border-radius:12px;overflow:hidden;user-select:none}
.scene svg.bg{position:absolute;inset:0;width:100%;height:100%}
.scene-note{margin:6px 0;min-height:1.3em;text-align:center;font-weight:600}
.sea.scene{aspect-ratio:5/3;width:min(100%,87vh);margin:0 auto;padding:0;display:block;background:none}
.sea .swimmer{position:absolute;width:18%;height:18%;margin:-5.4% 0 0 -9%;will-change:transform}
.sea .swimmer svg.fish{width:100%;height:auto;display:block;filter:drop-shadow(0 3px 3px #0006)}
.sea .swimmer.caught svg.fish{filter:drop-shadow(0 0 8px #ffd54a)}
.sea .cannon{position:absolute;left:50%;bottom:-2%;width:16%;margin-left:-8%;transform-origin:50% 80%}
.sea .shot{position:absolute;width:12px;height:12px;margin:-6px;border-radius:50%;background:radial-gradient(#fff,#ffd54a 55%,#ff8f00);box-shadow:0 0 10px #ffd54a}
.sea .net{position:absolute;width:20%;aspect-ratio:1;margin:-10% 0 0 -10%;pointer-events:none}
.sea .pop{position:absolute;transform:translate(-50%,-50%);font-weight:800;color:#ffd54a;text-shadow:0 2px 4px #000;pointer-events:none;white-space:nowrap}
.sea .tally{position:absolute;left:8px;top:6px;font-weight:700;font-size:14px;color:#fff;text-shadow:0 1px 3px #000}
.felt.scene{aspect-ratio:16/11;width:min(100%,95vh);margin:0 auto;background:radial-gradient(ellipse at 50% 40%,#1f7a4d,#0d3b26 75%);display:grid;grid-template-rows:1fr auto 1fr;padding:10px;box-sizing:border-box;gap:4px}
.felt .seat{display:flex;flex-direction:column;align-items:center;gap:4px;min-height:0}
.felt .seat h3{margin:0;font-size:14px;color:#e8f5e9}
.felt .hand-row{display:flex;gap:6px;justify-content:center;perspective:600px}
.felt .pc{width:clamp(32px,min(11vw,10vh),62px);aspect-ratio:5/7;position:relative;transform-style:preserve-3d;transition:transform .35s}
.felt .pc .face,.felt .pc .back{position:absolute;inset:0;border-radius:6px;backface-visibility:hidden;display:flex;align-items:center;justify-content:center;box-shadow:0 2px 4px #0008}
.felt .pc .face{background:#fafafa;color:#111;transform:rotateY(180deg);flex-direction:column;font-weight:800;font-size:clamp(14px,4vw,20px);line-height:1}
.felt .pc .face.red{color:#c62828}
.felt .pc .back{background:repeating-linear-gradient(45deg,#8e1b1b 0 5px,#b71c1c 5px 10px);border:3px solid #fafafa;box-sizing:border-box}
.felt .pc.up{transform:rotateY(180deg)}
.felt .seat.best .hand-row{filter:drop-shadow(0 0 8px #ffd54a)}
.felt .vs{justify-self:center;font-weight:800;font-size:20px;color:#ffd54a;text-shadow:0 2px 4px #000}
.pitch.scene{aspect-ratio:16/9;width:min(100%,82vh);margin:0 auto}
.pitch .board{position:absolute;left:50%;top:6px;transform:translateX(-50%);background:#000b;color:#fff;border-radius:8px;padding:3px 10px;font-weight:700;font-size:clamp(12px,3.4vw,16px);white-space:nowrap;display:flex;gap:8px;align-items:center}
.pitch .board .clock{color:#ffd54a;font-variant-numeric:tabular-nums}
.pitch .ball{position:absolute;width:4%;aspect-ratio:1;margin:-2% 0 0 -2%;border-radius:50%;background:radial-gradient(circle at 35% 35%,#fff,#ccc 60%,#555);box-shadow:0 2px 3px #0008}
.pitch .flash{position:absolute;left:50%;top:50%;transform:translate(-50%,-50%);font-weight:900;font-size:clamp(22px,7vw,40px);color:#ffd54a;text-shadow:0 3px 6px #000;pointer-events:none}
.goal-list{list-style:none;padding:0;margin:6px 0;display:flex;flex-wrap:wrap;gap:4px 12px;justify-content:center;font-size:14px}
.goal-list li.home{color:#90caf9}.goal-list li.away{color:#ffab91}
.options .button.won{outline:3px solid #66bb6a;background:#1b5e2055}
.pit.scene{aspect-ratio:16/9;width:min(100%,82vh);margin:0 auto}
.pit .bird{position:absolute;bottom:14%;width:26%;will-change:transform}
.pit .bird svg{width:100%;height:auto;display:block}
.pit .bird.meron{left:14%}.pit .bird.wala{right:14%}
.pit .bird.down{opacity:.45}
.pit .board{position:absolute;left:50%;top:6px;transform:translateX(-50%);background:#000b;color:#fff;border-radius:8px;padding:3px 10px;font-weight:700;white-space:nowrap;font-variant-numeric:tabular-nums}
@media (prefers-reduced-motion:reduce){.felt .pc{transition:none}}
.pit .spark{position:absolute;left:50%;top:50%;width:14%;margin-left:-7%;pointer-events:none}
`;

let styled = false;

export function useSceneStyle(): void {
  if (styled || typeof document === 'undefined') return;
  styled = true;
  const style = document.createElement('style');
  style.textContent = CSS;
  document.head.append(style);
}
