// The lottery page's stylesheet, bundled with its script and added once when the page opens (as the
// crash page's, crash-style.ts: the shared studio.css stays for the rules every page uses).
export { addStyle } from './crash-style';

export const LOTTERY_CSS = `
.lot-layout { display: grid; gap: 10px; grid-template-columns: 1fr; }
.lot-layout > * { min-width: 0; }
@media (min-width: 900px) { .lot-layout { grid-template-columns: 3fr 2fr; } }
.lot-schedule { padding: 10px 12px; }
.lot-open, .lot-awaiting { margin: 0; }
.lot-awaiting { color: var(--accent); font-size: 13px; min-height: 1.2em; margin-top: 4px; }
.lot-open [data-testid="countdown"] { font-variant-numeric: tabular-nums; color: var(--accent); }
.lot-timer { height: 6px; margin-top: 8px; border-radius: 3px; background: #ffffff1a; overflow: hidden; }
.lot-timer span { display: block; height: 100%; background: linear-gradient(90deg, var(--accent), #ff8a3a);
  transform-origin: left; transition: transform 1s linear; }
.lot-stage { contain: content; border: 1px solid #6b4e1d; border-radius: 14px; padding: 12px; margin-bottom: 10px;
  background: radial-gradient(ellipse at 50% 0%, #4a2412 0%, transparent 70%), linear-gradient(180deg, #2a1408, #170c06); }
.lot-board-empty { text-align: center; color: #d8c3a0; margin: 6px 0; }
.lot-board-title { text-align: center; color: #ffd98a; letter-spacing: .04em; }
.lot-rows { display: grid; gap: 6px; }
.lot-row { display: grid; grid-template-columns: 5.5em 1fr; align-items: center; gap: 8px;
  padding: 4px 6px; border-radius: 8px; background: #ffffff08; }
.lot-row.tier-special, .lot-row.tier-first { background: #ffd98a14; }
.lot-tier { color: #f1d7a8; font-size: 13px; font-weight: 600; }
.lot-numbers { display: flex; flex-wrap: wrap; gap: 6px 10px; min-width: 0; }
.lot-number { display: inline-flex; gap: 2px; border-radius: 16px; padding: 1px; }
.lot-number.hit.landed { box-shadow: 0 0 0 2px var(--win), 0 0 12px var(--win); }
.lot-ball { contain: strict; width: 24px; height: 24px; border-radius: 50%; display: inline-flex; align-items: center;
  justify-content: center; font-weight: 800; font-size: 14px; font-variant-numeric: tabular-nums; color: #2a1408;
  background: radial-gradient(circle at 35% 30%, #fff 0%, #ffe7b0 35%, #e7a93c 100%); box-shadow: 0 1px 3px #0009; }
.lot-ball.empty { background: #ffffff14; color: #d8c3a0; box-shadow: none; }
.tier-special .lot-ball:not(.empty) { width: 30px; height: 30px; font-size: 17px;
  background: radial-gradient(circle at 35% 30%, #fff 0%, #ffb3a6 35%, #d8402a 100%); color: #fff; text-shadow: 0 1px 2px #0008; }
.lot-number.rolling .lot-ball { animation: lot-tumble 0.12s linear infinite; will-change: transform; }
.lot-number.landed { animation: lot-land 0.25s ease-out; }
@keyframes lot-tumble { 50% { transform: translateY(-3px) rotate(20deg); } }
@keyframes lot-land { from { transform: scale(1.3); } to { transform: scale(1); } }
.lot-board-actions { display: flex; gap: 8px; justify-content: center; margin-top: 10px; }
.lot-board-actions [hidden] { display: none; }
.lot-picker select, .lot-picker input { width: 100%; min-width: 0; }
.lot-field { display: flex; flex-direction: column; gap: 3px; font-size: 13px; color: var(--muted); flex: 1; min-width: 0; }
.lot-row-fields { display: flex; gap: 8px; align-items: flex-end; margin-top: 8px; }
.lot-row-fields .button { flex: none; }
.lot-grid { display: grid; grid-template-columns: repeat(10, minmax(24px, 1fr)); gap: 4px; margin: 8px 0; }
.lot-grid[hidden] { display: none; }
.lot-pick { min-height: 30px; min-width: 24px; padding: 0; border-radius: 10px; border: 1px solid var(--line);
  background: #222c44; color: var(--text); font: inherit; font-size: 13px; font-variant-numeric: tabular-nums; cursor: pointer; }
.lot-grid[data-digits="1"] .lot-pick { min-height: 40px; }
.lot-pick[aria-pressed="true"] { background: var(--accent); color: #111; border-color: var(--accent); font-weight: 700; }
.lot-ticket-draw { white-space: normal; min-width: 12em; }
.lot-ticket.won td, .lot-ticket.paying td { color: var(--win); }
.lot-results details { border-bottom: 1px solid var(--line); padding: 6px 0; }
.lot-results summary { cursor: pointer; }
.lot-special { color: var(--accent); letter-spacing: .08em; }
@media (max-width: 480px) {
  .lot-row { grid-template-columns: 1fr; gap: 2px; }
  .lot-ball { width: 22px; height: 22px; font-size: 13px; }
}
/* Phones held sideways: the board and the picker side by side. */
@media (orientation: landscape) and (max-height: 500px) {
  .lot-main { display: grid; grid-template-columns: 1fr 1fr; grid-template-areas: "schedule schedule" "stage picker"; gap: 8px; align-items: start; }
  .lot-schedule { grid-area: schedule; margin: 0; }
  .lot-stage { grid-area: stage; margin: 0; }
  .lot-picker { grid-area: picker; margin: 0; }
  .lot-grid .lot-pick { min-height: 26px; }
}
@media (prefers-reduced-motion: reduce) {
  .lot-number.rolling .lot-ball, .lot-number.landed { animation: none; }
  .lot-timer span { transition: none; }
}
`;
