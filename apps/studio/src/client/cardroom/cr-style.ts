// The card room's stylesheet, added when the page opens (studio.css stays the shared base). Phone
// first in portrait: the felt is an upright oval with the player's own seat at the bottom and the
// actions under it within thumb reach; from 900 px the felt lies wide, and from 1200 px the player's
// cards and moves stand beside it, so that the whole table and the moves fit a laptop's screen
// (1440x900 and 1280x800) with the cards shown at a showdown. The art is CSS and SVG of our
// own: a green felt with a rail, cards with SVG suits, chip stacks, the dealer button. Dealing, bets
// and the pot going to the winner are CSS animations, none under reduced motion.

const CSS = `
.cr-app { max-width: 1100px; padding: 0 8px 16px; }
.cr-top { position: sticky; top: 0; z-index: 6; background: var(--bg); }
.cr-note { font-size: 13px; color: var(--muted); margin: 4px 0; }
.cr-note.strong { color: var(--text); }
.cr-filters { display: flex; flex-wrap: wrap; gap: 8px; align-items: end; margin: 8px 0; }
.cr-filters label { display: grid; gap: 2px; font-size: 12px; color: var(--muted); }
.cr-filters select { min-height: 44px; background: var(--panel); color: var(--text); border: 1px solid var(--line); border-radius: 8px; padding: 0 8px; }
.cr-filters .cr-check { display: flex; align-items: center; gap: 6px; min-height: 44px; font-size: 14px; color: var(--text); }
.cr-tables { display: grid; gap: 8px; grid-template-columns: minmax(0, 1fr); }
@media (min-width: 700px) { .cr-tables { grid-template-columns: repeat(2, minmax(0, 1fr)); } }
.cr-trow { background: var(--panel); border: 1px solid var(--line); border-radius: 12px; padding: 10px; display: grid; gap: 6px; }
.cr-trow h3 { margin: 0; font-size: 16px; }
.cr-figs { display: flex; flex-wrap: wrap; gap: 4px 12px; font-size: 13px; color: var(--muted); }
.cr-actions { display: flex; flex-wrap: wrap; gap: 6px; }
.cr-actions .button { min-height: 44px; }
.cr-sng-bar { display: flex; flex-wrap: wrap; gap: 4px 12px; align-items: baseline; margin: 8px 0;
  padding: 8px 10px; border-radius: 8px; background: var(--panel); border: 1px solid var(--line); font-size: 13px; }
/* Its display would otherwise show the empty bar at a cash table, whose bar stays hidden. */
.cr-sng-bar[hidden] { display: none; }
.cr-sng-bar strong { width: 100%; font-size: 14px; }
.cr-offer { color: var(--accent); font-weight: 600; }
.cr-felt-wrap { position: relative; width: 100%; max-width: 520px; margin: 8px auto 0; aspect-ratio: 3 / 4; }
@media (min-width: 900px) { .cr-felt-wrap { max-width: 860px; aspect-ratio: 16 / 9; } }
.cr-felt { position: absolute; inset: 9% 13%; border-radius: 50% / 40%; border: 10px solid #5a3a22;
  background: radial-gradient(ellipse at 50% 45%, #1f8a55 0%, #146b40 60%, #0e4f2f 100%);
  box-shadow: inset 0 0 30px #0009, 0 6px 18px #000a; }
@media (min-width: 900px) { .cr-felt { inset: 12% 8%; border-radius: 40% / 50%; } }
.cr-center { position: absolute; left: 50%; top: 50%; transform: translate(-50%, -50%); display: grid; gap: 6px; justify-items: center; width: 70%; }
.cr-board { display: flex; gap: 4px; min-height: 58px; justify-content: center; }
.cr-pot { font-weight: 700; color: #fff; background: #0006; border-radius: 12px; padding: 2px 10px; font-size: 14px; display: inline-flex; gap: 6px; align-items: center; }
.cr-street { font-size: 12px; color: #d9f2e4; }
.cr-seat { position: absolute; transform: translate(-50%, -50%); width: 96px; display: grid; justify-items: center; gap: 2px; z-index: 2; }
.cr-seat .cr-plate { background: #111827ee; border: 2px solid #334155; border-radius: 10px; padding: 3px 6px; min-width: 84px; text-align: center; font-size: 12px; line-height: 1.25; }
.cr-seat.turn .cr-plate { border-color: var(--accent); box-shadow: 0 0 12px var(--accent); }
.cr-seat.me .cr-plate { border-color: #60a5fa; }
.cr-seat.out { opacity: .6; }
.cr-seat.folded .cr-hole { opacity: .35; }
.cr-seat.winner .cr-plate { border-color: var(--win); box-shadow: 0 0 14px var(--win); }
.cr-name { font-weight: 600; display: block; white-space: nowrap; overflow: hidden; text-overflow: ellipsis; max-width: 88px; }
.cr-stack { color: #fde68a; }
.cr-tag { display: block; font-size: 11px; color: var(--muted); }
.cr-empty { min-height: 44px; min-width: 84px; border-radius: 10px; border: 2px dashed #ffffff55; background: #0004; color: #fff; font-size: 12px; cursor: pointer; }
.cr-empty:disabled { cursor: default; opacity: .55; }
.cr-hole { display: flex; gap: 2px; min-height: 40px; }
.cr-bet { position: absolute; transform: translate(-50%, -50%); z-index: 1; display: inline-flex; align-items: center; gap: 3px;
  font-size: 12px; color: #fff; background: #0007; border-radius: 10px; padding: 1px 6px 1px 2px; animation: cr-bet .25s ease-out; }
.cr-chip { width: 16px; height: 16px; border-radius: 50%; border: 3px dashed #fff; background: #b3202a; box-shadow: 0 1px 2px #000a; display: inline-block; }
.cr-chip.c1 { background: #1d5fbf; } .cr-chip.c2 { background: #137a3c; } .cr-chip.c3 { background: #15171c; }
.cr-dealer { position: absolute; transform: translate(-50%, -50%); width: 22px; height: 22px; border-radius: 50%; background: #fff; color: #111;
  font-size: 11px; font-weight: 800; display: grid; place-items: center; box-shadow: 0 1px 3px #000a; z-index: 1; transition: left .4s, top .4s; }
.cr-card { width: 30px; height: 42px; border-radius: 5px; background: #fdfdfb; color: #15171c; display: inline-grid; grid-template-rows: auto 1fr;
  justify-items: center; align-items: center; font-weight: 800; font-size: 13px; line-height: 1; padding-top: 3px; box-shadow: 0 1px 3px #0008; }
.cr-card.red { color: #b3202a; }
.cr-card.back { background: repeating-linear-gradient(45deg, #1d4ed8 0 4px, #1e40af 4px 8px); border: 2px solid #fdfdfb; }
.cr-board .cr-card { width: 36px; height: 50px; font-size: 15px; }
.cr-mine .cr-card { width: 44px; height: 62px; font-size: 17px; }
@media (min-width: 900px) { .cr-board .cr-card { width: 48px; height: 68px; font-size: 18px; } .cr-card { width: 34px; height: 48px; } }
.cr-card.dealt { animation: cr-deal .35s ease-out both; }
.cr-card.flip { animation: cr-flip .35s ease-out both; }
.cr-potfly { position: absolute; left: 50%; top: 50%; z-index: 3; pointer-events: none; animation: cr-potfly .7s ease-in forwards; }
.cr-timer { height: 4px; width: 84px; background: #ffffff22; border-radius: 2px; overflow: hidden; }
.cr-timer > span { display: block; height: 100%; background: var(--accent); transition: width .25s linear; }
.cr-timer.bank > span { background: var(--error); }
.cr-me { display: grid; gap: 8px; max-width: 520px; margin: 8px auto 0; }
@media (min-width: 1200px) {
  .cr-app { max-width: 1240px; }
  .cr-play { display: grid; grid-template-columns: minmax(0, 1fr) 320px; gap: 16px; align-items: center; }
  .cr-play .cr-felt-wrap { margin: 8px auto 0; }
  .cr-play .cr-me { margin: 8px 0 0; width: 100%; }
}
.cr-strip { display: flex; flex-wrap: wrap; align-items: center; gap: 6px; margin: 0 0 8px; }
.cr-strip-item { display: inline-flex; align-items: center; gap: 6px; min-height: 40px; padding: 4px 10px; border-radius: 20px; border: 1px solid var(--line, #ffffff33); background: var(--panel, #ffffff0d); color: inherit; font: inherit; cursor: pointer; }
.cr-strip-item[aria-current=true] { border-color: var(--accent); }
.cr-strip-item.turn { border-color: var(--accent); box-shadow: 0 0 0 2px var(--accent); }
.cr-strip-turn { color: var(--accent); }
.cr-duo { display: grid; grid-template-columns: repeat(2, minmax(0, 1fr)); gap: 12px; }
.cr-duo .cr-spot { min-width: 0; }
.cr-duo .cr-play { display: block; }
.cr-duo .cr-play .cr-me { margin: 8px auto 0; }
@media (min-width: 1200px) { .cr-app:has(.cr-duo) { max-width: 1800px; } }
.cr-mine { display: flex; gap: 6px; justify-content: center; min-height: 56px; }
.cr-moves { display: grid; grid-template-columns: repeat(3, minmax(0, 1fr)); gap: 6px; }
.cr-moves .button { min-height: 48px; font-weight: 700; }
.cr-raise { display: grid; grid-template-columns: minmax(0, 1fr) 110px; gap: 6px; align-items: center; }
.cr-raise input[type=range] { width: 100%; min-height: 44px; }
.cr-raise input[type=number] { min-height: 44px; width: 100%; }
.cr-tools { display: flex; flex-wrap: wrap; gap: 6px; justify-content: center; }
.cr-tools .button { min-height: 44px; }
.cr-turnline { text-align: center; font-weight: 700; color: var(--accent); min-height: 20px; }
.cr-sheet { position: fixed; inset: auto 0 0 0; z-index: 10; background: var(--panel); border-top: 1px solid var(--line); border-radius: 16px 16px 0 0;
  padding: 12px; display: grid; gap: 8px; max-width: 520px; margin: 0 auto; box-shadow: 0 -8px 24px #000a; }
.cr-sheet[hidden] { display: none; }
.cr-sheet label { display: grid; gap: 4px; font-size: 13px; color: var(--muted); }
.cr-sheet input { min-height: 44px; }
.cr-panel { background: var(--panel); border: 1px solid var(--line); border-radius: 12px; padding: 8px 10px; max-width: 520px; margin: 8px auto 0; }
.cr-panel summary { min-height: 44px; display: flex; align-items: center; cursor: pointer; font-weight: 600; }
.cr-panel dd { word-break: break-all; font-family: ui-monospace, monospace; font-size: 12px; }
.cr-panel .cr-seedrow { display: grid; grid-template-columns: minmax(0, 1fr) auto; gap: 6px; }
.cr-hist { list-style: none; padding: 0; margin: 0; display: grid; gap: 4px; }
.cr-hist button { width: 100%; min-height: 44px; text-align: left; background: #0003; color: var(--text); border: 1px solid var(--line); border-radius: 8px; padding: 4px 8px; }
.cr-detail { font-size: 13px; display: grid; gap: 4px; padding: 4px 0; }
.cr-detail .cr-board { justify-content: flex-start; }
@keyframes cr-deal { from { transform: translate(var(--dx, 0), var(--dy, -60px)) scale(.5); opacity: 0; } to { transform: none; opacity: 1; } }
@keyframes cr-flip { from { transform: rotateY(90deg); } to { transform: none; } }
@keyframes cr-bet { from { transform: translate(-50%, -50%) scale(.4); opacity: 0; } to { transform: translate(-50%, -50%); opacity: 1; } }
@keyframes cr-potfly { from { transform: translate(-50%, -50%); opacity: 1; } to { transform: translate(calc(-50% + var(--tx)), calc(-50% + var(--ty))); opacity: 0; } }
@media (prefers-reduced-motion: reduce) {
  .cr-card.dealt, .cr-card.flip, .cr-bet, .cr-potfly { animation: none; }
  .cr-potfly { display: none; }
  .cr-dealer, .cr-timer > span { transition: none; }
}
`;

export function injectCardRoomStyle(): void {
  if (document.getElementById('cr-style')) return;
  const style = document.createElement('style');
  style.id = 'cr-style';
  style.textContent = CSS;
  document.head.append(style);
}
