// The crash page's stylesheet, bundled with its script (the studio serves one shared studio.css that
// other game pages edit; the crash page's rules live here and are added once, when the page opens).
// The page's CSP allows inline styles (plugin.ts: style-src 'self' 'unsafe-inline').

export const CRASH_CSS = `
.crash-layout { display: grid; gap: 10px; grid-template-columns: 1fr; }
.crash-layout > * { min-width: 0; }
@media (min-width: 900px) { .crash-layout { grid-template-columns: 3fr 2fr; } }
.crash-history { display: flex; gap: 6px; overflow-x: auto; padding: 2px 2px 8px; scrollbar-width: thin; }
.crash-chip { flex: none; padding: 3px 9px; border-radius: 12px; font-size: 13px; font-weight: 700;
  font-variant-numeric: tabular-nums; text-decoration: none; border: 1px solid transparent; }
.crash-chip.low { background: #3a1f2a; color: #ff9a9a; border-color: #6b2d3b; }
.crash-chip.mid { background: #1d3a2f; color: #7ff0bd; border-color: #2c6b52; }
.crash-chip.high { background: #3b3115; color: #ffd666; border-color: #80682a; }
.crash-stage { position: relative; border-radius: 12px; overflow: hidden; border: 1px solid var(--line);
  background: radial-gradient(ellipse at 20% 100%, #1c2b4a 0%, transparent 60%),
    linear-gradient(180deg, #0b1020, #141d33); margin-bottom: 10px; }
.crash-chart { display: block; width: 100%; height: auto; max-height: 52vh; color: #46d39a; }
.crash-chart[data-tone="crashed"] { color: #ff6b6b; }
.crash-chart[data-tone="idle"] { color: #5b6b8f; }
.crash-grid line { stroke: #ffffff14; stroke-width: 1; }
.crash-grid line.axis { stroke: #ffffff40; }
.crash-grid text { fill: #93a0bd; font-size: 12px; font-family: system-ui, sans-serif; }
@media (max-width: 600px) { .crash-grid text { font-size: 17px; } }
.crash-line { stroke: currentColor; stroke-width: 4; stroke-linecap: round; stroke-linejoin: round; }
.crash-head { fill: #fff; stroke: currentColor; stroke-width: 3; }
.crash-halo { fill: currentColor; opacity: 0.8; }
.crash-overlay { position: absolute; inset: 0; display: flex; flex-direction: column; align-items: center;
  justify-content: center; pointer-events: none; text-align: center; padding-bottom: 8%; }
.crash-multiplier { font-size: clamp(40px, 11vw, 78px); font-weight: 800; line-height: 1;
  font-variant-numeric: tabular-nums; color: #fff; text-shadow: 0 2px 18px #000c; }
.crash-stage[data-phase="running"] .crash-multiplier { color: #7ff0bd; }
.crash-stage[data-phase="crashed"] .crash-multiplier { color: #ff6b6b; }
.crash-multiplier.pop { animation: crash-pop 0.35s ease-out; }
@keyframes crash-pop { from { transform: scale(1.25); } to { transform: scale(1); } }
.crash-phase { margin: 6px 0 0; color: #dfe6f5; font-size: 14px; text-shadow: 0 1px 6px #000; }
.crash-timer { width: min(260px, 60%); height: 6px; margin-top: 8px; border-radius: 3px; background: #ffffff22;
  overflow: hidden; visibility: hidden; }
.crash-stage[data-phase="betting"] .crash-timer { visibility: visible; }
.crash-timer span { display: block; height: 100%; background: var(--accent); transform-origin: left; }
.crash-controls { margin-bottom: 10px; }
.crash-tabs { display: flex; gap: 6px; margin-bottom: 8px; }
.crash-fields { display: grid; grid-template-columns: repeat(auto-fit, minmax(140px, 1fr)); gap: 8px; }
.crash-fields[hidden] { display: none; }
.crash-fields label { display: flex; flex-direction: column; gap: 3px; min-width: 0; font-size: 13px; color: var(--muted); }
.crash-stake { display: flex; gap: 4px; min-width: 0; }
.crash-stake .button { flex: none; min-width: 44px; }
.crash-input { width: 100%; min-width: 0; }
.crash-actions { display: grid; grid-template-columns: 1fr 1fr; gap: 8px; margin-top: 10px; }
.crash-action { min-height: 56px; font-size: 17px; font-weight: 700; }
.crash-action[data-primary]:not(:disabled) { background: var(--accent); border-color: var(--accent); color: #111; }
.crash-action.cash[data-primary]:not(:disabled) { background: var(--win); border-color: var(--win); }
.crash-side tbody tr[data-state="won"] td { color: var(--win); }
.crash-side tbody tr[data-state="lost"] td { color: var(--muted); }
.crash-row-new { animation: crash-row 0.6s ease-out; }
@keyframes crash-row { from { background: #f5b93a33; } to { background: transparent; } }
/* Phones held sideways: the chart and the controls side by side, the actions within thumb reach. */
@media (orientation: landscape) and (max-height: 500px) {
  .crash-main { display: grid; grid-template-columns: 3fr 2fr; grid-template-areas: "history history" "stage controls";
    gap: 8px; align-items: start; }
  .crash-history { grid-area: history; }
  .crash-stage { grid-area: stage; margin: 0; }
  .crash-controls { grid-area: controls; margin: 0; padding: 8px; }
  .crash-chart { max-height: calc(100dvh - 110px); }
  .crash-fields { grid-template-columns: 1fr; gap: 4px; }
  .crash-action { min-height: 48px; }
}
@media (prefers-reduced-motion: reduce) {
  .crash-multiplier.pop, .crash-row-new { animation: none; }
  .crash-halo { display: none; }
}
`;

/** Adds a page's stylesheet once. */
export function addStyle(id: string, css: string): void {
  if (document.getElementById(id)) return;
  const style = document.createElement('style');
  style.id = id;
  style.textContent = css;
  document.head.append(style);
}
