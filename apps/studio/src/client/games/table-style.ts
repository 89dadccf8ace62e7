// The live tables' stylesheet, added to the page when a table opens (only the table pages pay for
// it; the studio's CSP allows inline styles). Phone first: in portrait the roulette layout runs down
// the screen and the chip bar sits at the bottom within thumb reach; a phone held sideways puts the
// cards or the wheel beside the felt; nothing scrolls sideways except the big road inside its box.

const CSS = `
.tb-layout { display: grid; gap: 10px; padding: 8px; max-width: 1280px; margin: 0 auto; }
.tb-main, .tb-side { min-width: 0; display: flex; flex-direction: column; gap: 10px; }
.tb-side .panel { margin: 0; }
@media (min-width: 900px) { .tb-layout { grid-template-columns: minmax(0, 1fr) 300px; } }
.tb-stage { position: relative; border-radius: 16px; padding: 10px 12px; border: 1px solid #2d6b4d;
  background: radial-gradient(ellipse at 50% 15%, #1c7a50, #0b3d27 75%); }
.tb-scene { display: flex; flex-direction: column; align-items: center; gap: 6px; }
.tb-stage.roulette .tb-scene { flex-direction: row; justify-content: center; gap: 20px; }
.tb-hands { display: grid; grid-template-columns: 1fr 1fr; gap: 10px; width: 100%; }
.tb-hand { background: #00000030; border-radius: 12px; padding: 6px 8px; min-height: 124px; border: 2px solid transparent;
  transition: border-color .3s, box-shadow .3s; }
.tb-hand h2 { margin: 0 0 6px; font-size: 14px; letter-spacing: .08em; text-transform: uppercase; display: flex; align-items: center; gap: 6px; }
.tb-hand.player h3 { color: #a9cbff; }
.tb-hand.banker h3 { color: #ffb0b0; }
.tb-hand.winner { border-color: #f5b93a; box-shadow: 0 0 16px #f5b93a88; }
.tb-total { display: inline-grid; place-items: center; min-width: 26px; height: 26px; border-radius: 13px; background: #000b; color: #fff; }
.tb-total:empty { display: none; }
.tb-cards { display: flex; gap: 6px; min-height: 80px; }
.tb-card { --cw: 56px; width: var(--cw); height: calc(var(--cw) * 1.4); perspective: 600px; display: inline-block;
  animation: tb-deal .32s ease-out; flex: none; }
.tb-card-inner { position: relative; display: block; width: 100%; height: 100%; transform-style: preserve-3d;
  transition: transform .32s ease-in-out; transform: rotateY(180deg); }
.tb-card.up .tb-card-inner { transform: rotateY(0deg); }
.tb-face, .tb-back { position: absolute; inset: 0; border-radius: 6px; backface-visibility: hidden; box-shadow: 0 2px 4px #0007; }
.tb-face { background: #fdfdfb; color: #15171c; }
.tb-card.red .tb-face { color: #b3202a; }
.tb-back { transform: rotateY(180deg); border: 3px solid #fdfdfb;
  background: repeating-linear-gradient(45deg, #8b1d2c 0 4px, #6d1522 4px 8px); }
.tb-rank { position: absolute; top: 3px; left: 5px; font-weight: 800; font-size: 16px; line-height: 1; }
.tb-suit-small { position: absolute; top: 21px; left: 4px; line-height: 0; }
.tb-suit-big { position: absolute; right: 5px; bottom: 5px; line-height: 0; }
@keyframes tb-deal { from { transform: translate(140px, -70px) rotate(14deg); opacity: 0; } }
.tb-notes { text-align: center; margin: 4px 0 0; min-height: 1.3em; color: #e8ecf5; }
.tb-verdict { text-align: center; font-size: 22px; font-weight: 800; margin: 6px 0 0; min-height: 1.35em; }
.tb-verdict.player { color: #a9cbff; } .tb-verdict.banker { color: #ffb0b0; } .tb-verdict.tie { color: #8dffb5; }
.tb-verdict.red { color: #ffb0b0; } .tb-verdict.black { color: #fff; } .tb-verdict.green { color: #8dffb5; }
.tb-win { position: absolute; left: 50%; bottom: 8px; transform: translateX(-50%); margin: 0; z-index: 3; white-space: nowrap;
  background: #000d; color: #f5b93a; font-size: 28px; font-weight: 800; padding: 10px 22px; border-radius: 14px;
  border: 2px solid #f5b93a; animation: tb-pop .45s ease-out; pointer-events: none; }
.tb-win[hidden] { display: none; }
@keyframes tb-pop { from { transform: translateX(-50%) scale(.4); opacity: 0; } }

.tb-wheel { position: relative; width: min(250px, 56vw); aspect-ratio: 1; flex: none; }
.tb-disc-wrap, .tb-ball-track { position: absolute; inset: 0; will-change: transform; }
.tb-disc { width: 100%; height: 100%; display: block; filter: drop-shadow(0 4px 8px #0009); }
.tb-ball { position: absolute; left: 50%; top: 5%; width: 6%; height: 6%; margin: -3% 0 0 -3%; border-radius: 50%;
  background: radial-gradient(circle at 35% 35%, #fff, #b9bcc4); box-shadow: 0 1px 2px #000a; }
.tb-marker { position: absolute; top: -6px; left: 50%; transform: translateX(-50%); width: 0; height: 0;
  border-left: 8px solid transparent; border-right: 8px solid transparent; border-top: 14px solid #f5b93a; }
.tb-number { width: 84px; height: 84px; border-radius: 50%; display: grid; place-items: center; font-size: 40px; font-weight: 800;
  border: 3px solid #d9b45a; background: #00000040; color: #fff; flex: none; }
.tb-number.red { background: #b3202a; } .tb-number.black { background: #16181d; } .tb-number.green { background: #0f7a43; }

.tb-felt { border: 3px solid #c9a24a; border-radius: 18px; padding: 10px; display: grid; gap: 8px;
  background: radial-gradient(ellipse at 50% 0%, #187a4e, #0a4a2e 75%); }
.tb-felt.baccarat { grid-template-columns: repeat(6, minmax(0, 1fr)); }
.tb-spot { position: relative; border: 2px solid #e8d7a0aa; background: #ffffff10; color: #fff; border-radius: 12px; min-height: 58px;
  display: flex; flex-direction: column; align-items: center; justify-content: center; font: inherit; cursor: pointer; padding: 4px;
  transition: background .15s, box-shadow .3s; -webkit-tap-highlight-color: transparent; }
.tb-spot:hover { background: #ffffff22; }
.tb-felt.closed .tb-spot { cursor: not-allowed; }
.tb-felt.baccarat .pair, .tb-felt.baccarat .tie { grid-column: span 2; }
.tb-felt.baccarat .main { grid-column: span 3; min-height: 92px; }
.tb-spot-name { font-weight: 800; letter-spacing: .06em; text-transform: uppercase; }
.tb-spot.main .tb-spot-name { font-size: 20px; }
.tb-spot.player .tb-spot-name { color: #a9cbff; }
.tb-spot.banker .tb-spot-name { color: #ffb0b0; }
.tb-spot.tie .tb-spot-name { color: #8dffb5; }
.tb-pays { font-size: 12px; color: #e8ecf5; }
.tb-spot.win { box-shadow: 0 0 0 3px #f5b93a, 0 0 20px #f5b93a; background: #f5b93a33; }
.tb-stack { position: absolute; right: 4px; bottom: 4px; z-index: 1; line-height: 0; }

.tb-felt.roulette { grid-template-columns: repeat(13, minmax(0, 1fr)) 1.1fr; grid-auto-rows: minmax(40px, auto); gap: 3px; padding: 8px; }
.tb-felt.roulette .tb-spot { grid-column: var(--c) / span var(--cs); grid-row: var(--r) / span var(--rs); min-height: 40px;
  border-radius: 4px; padding: 0; font-weight: 700; border-width: 1px; }
.tb-spot.num.red { background: #b3202a; } .tb-spot.num.black { background: #1b1d22; } .tb-spot.num.green { background: #0f7a43; }
.tb-spot.num:hover { filter: brightness(1.25); }
.tb-felt.roulette .tb-stack { right: 50%; bottom: 50%; transform: translate(50%, 50%); }
.tb-felt.roulette .tb-chip.stacked { width: 28px; height: 28px; font-size: 9px; }
/* Inside bets (splits, streets, corners, lines): a layer over the zero and the numbers; an area's box
   is placed from its layout units (--a along the table, --k across, see insidePlace), its chip at
   --fa/--fk inside the box. Only the chosen bet type's areas take taps; the others show their chips. */
.tb-felt.roulette .tb-inside { grid-column: 1 / span 13; grid-row: 1 / span 3; position: relative; pointer-events: none; z-index: 2; }
.tb-felt.roulette .tb-spot.mark { position: absolute; min-height: 0; padding: 0; border: 0; border-radius: 0; background: none;
  pointer-events: none; box-shadow: none; filter: none;
  left: calc((var(--a0) + 1) * 100% / 13); width: calc((var(--a1) - var(--a0)) * 100% / 13);
  top: calc((3 - var(--k1)) * 100% / 3); height: calc((var(--k1) - var(--k0)) * 100% / 3); }
.tb-spot.mark { --px: calc(var(--fa) * 100%); --py: calc((1 - var(--fk)) * 100%); }
.tb-spot.mark .tb-hit { position: absolute; inset: 0; pointer-events: none; border-radius: 4px; }
.tb-spot.mark .tb-hit.diamond { clip-path: polygon(50% 0, 100% 50%, 50% 100%, 0 50%); border-radius: 0; }
.tb-felt.roulette .tb-spot.mark .tb-stack { left: var(--px); top: var(--py); right: auto; bottom: auto; transform: translate(-50%, -50%); }
.tb-spot.mark .tb-dot { position: absolute; left: var(--px); top: var(--py); width: 14px; height: 14px; transform: translate(-50%, -50%);
  border-radius: 50%; border: 2px solid #f5e6b0; background: #0008; display: none; pointer-events: none; }
.tb-felt.mode-split .tb-spot.mark.split, .tb-felt.mode-street .tb-spot.mark.street,
.tb-felt.mode-corner .tb-spot.mark.corner, .tb-felt.mode-line .tb-spot.mark.line { z-index: 1; }
.tb-felt.mode-split .mark.split .tb-hit, .tb-felt.mode-street .mark.street .tb-hit,
.tb-felt.mode-corner .mark.corner .tb-hit, .tb-felt.mode-line .mark.line .tb-hit { pointer-events: auto; cursor: pointer; }
.tb-felt.mode-split .mark.split .tb-dot, .tb-felt.mode-street .mark.street .tb-dot,
.tb-felt.mode-corner .mark.corner .tb-dot, .tb-felt.mode-line .mark.line .tb-dot { display: block; }
.tb-felt.closed .tb-spot.mark .tb-hit { cursor: not-allowed; }
.tb-spot.mark:hover .tb-hit, .tb-spot.mark:focus-visible .tb-hit { background: #f5b93a55; }
.tb-spot.mark:focus-visible { outline: none; }
.tb-spot.mark:focus-visible .tb-dot { border-color: #f5b93a; background: #f5b93a; }
.tb-spot.mark.win .tb-dot { border-color: #f5b93a; background: #f5b93a; }
.tb-spot.mark.win.has-bet .tb-stack .tb-chip { box-shadow: 0 0 0 3px #f5b93a, 0 0 16px #f5b93a; }
.tb-spot.mark .tb-stack .tb-chip { width: 24px; height: 24px; font-size: 8px; }
.tb-felt.inside .tb-spot.num { pointer-events: none; }
.tb-spot.num.cover { box-shadow: inset 0 0 0 3px #f5b93a; filter: brightness(1.35); }
.tb-won { position: absolute; left: 50%; top: 2px; transform: translateX(-50%); z-index: 3; pointer-events: none; white-space: nowrap;
  background: #000d; color: #f5b93a; font-weight: 800; font-size: 11px; line-height: 1.2; padding: 1px 4px; border-radius: 6px; }
.tb-won[hidden] { display: none; }
.tb-spot.mark .tb-won { left: var(--px); top: var(--py); transform: translate(-50%, -170%); }
/* A bet of several areas ("Six line 1–6 1.00, Split 17/20 1.00, ...") wraps in its cell instead of
   widening the side column's table past its box. */
.tb-side td.small { white-space: normal; overflow-wrap: anywhere; }
.tb-types { display: flex; gap: 4px; flex-wrap: wrap; align-items: center; }
.tb-types .tb-type { flex: 1 1 0; min-width: 0; min-height: 44px; padding: 6px 4px; border-radius: 10px; border: 1px solid #e8d7a0aa;
  background: #0f1420; color: #fff; font: inherit; font-weight: 700; cursor: pointer; }
.tb-types .tb-type[aria-pressed="true"] { background: #c9a24a; color: #15171c; border-color: #f5e6b0; }
.tb-type-hint { flex-basis: 100%; margin: 0; }
.tb-diamond { width: 30px; height: 18px; clip-path: polygon(50% 0, 100% 50%, 50% 100%, 0 50%); }
.tb-diamond.red { background: #d42b35; } .tb-diamond.black { background: #0c0d10; }
.badge.tb-live { background: #b3202a; color: #fff; }
.tb-sr { position: absolute; width: 1px; height: 1px; overflow: hidden; clip: rect(0 0 0 0); white-space: nowrap; }
@media (max-width: 480px) { .topbar .badge.tb-live { display: none; } }
@media (max-width: 600px) and (orientation: portrait) {
  .tb-felt.roulette { grid-template-columns: 1fr 1fr 1.3fr 1.3fr 1.3fr; grid-auto-rows: 30px; }
  .tb-felt.roulette .tb-spot { grid-column: var(--pc) / span var(--pcs); grid-row: var(--pr) / span var(--prs); min-height: 30px; }
  /* Upright, the table runs down the screen: along is down, across is left to right; a bet type
     other than straight zooms the rows so every area is a thumb's size. */
  .tb-felt.roulette.inside { grid-auto-rows: 42px; }
  .tb-felt.roulette .tb-inside { grid-column: 3 / span 3; grid-row: 1 / span 13; }
  .tb-felt.roulette .tb-spot.mark { left: calc(var(--k0) * 100% / 3); width: calc((var(--k1) - var(--k0)) * 100% / 3);
    top: calc((var(--a0) + 1) * 100% / 13); height: calc((var(--a1) - var(--a0)) * 100% / 13); min-height: 0; }
  .tb-spot.mark { --px: calc(var(--fk) * 100%); --py: calc(var(--fa) * 100%); }
  .tb-card { --cw: 44px; }
  .tb-hand { min-height: 100px; padding: 6px; }
  .tb-cards { gap: 3px; min-height: 62px; }
  .tb-wheel { width: min(170px, 44vw); }
  .tb-number { width: 64px; height: 64px; font-size: 30px; }
  .tb-keys { display: none; }
}

.tb-chip { --chip: #4a5568; display: inline-grid; place-items: center; width: 44px; height: 44px; border-radius: 50%;
  color: #fff; font-weight: 800; font-size: 12px; text-shadow: 0 1px 1px #000; box-shadow: 0 2px 3px #0009;
  background: radial-gradient(circle, var(--chip) 54%, transparent 55%), repeating-conic-gradient(#f3f3f3 0 15deg, var(--chip) 15deg 45deg);
  border: 2px solid #0006; transition: transform .15s, box-shadow .15s; }
.tb-chip.c1 { --chip: #b3202a; } .tb-chip.c2 { --chip: #1d5fbf; } .tb-chip.c3 { --chip: #137a3c; }
.tb-chip.c4 { --chip: #5b2a86; } .tb-chip.c5 { --chip: #15171c; }
.tb-stack .tb-chip { width: 30px; height: 30px; font-size: 9px; animation: tb-drop .2s ease-out; }
.tb-chip.pending { outline: 2px dashed #fff; outline-offset: 1px; }
@keyframes tb-drop { from { transform: translateY(-16px) scale(1.3); opacity: 0; } }
.tb-chipbar { position: sticky; bottom: 0; z-index: 5; background: #0f1420f2; border: 1px solid var(--line); border-radius: 14px;
  padding: 8px; display: flex; flex-wrap: wrap; gap: 8px; align-items: center; justify-content: space-between; }
.tb-chip-row { display: flex; gap: 4px; }
.tb-chip-button { background: none; border: 0; padding: 2px; border-radius: 50%; cursor: pointer; line-height: 0; }
.tb-chip-button.selected .tb-chip { transform: translateY(-4px); box-shadow: 0 0 0 3px #f5b93a, 0 4px 6px #0009; }
.tb-actions { display: flex; gap: 6px; flex-wrap: wrap; }
.tb-actions .button { min-height: 44px; padding: 8px 12px; }
.tb-slip { flex-basis: 100%; margin: 0; }

.tb-road-box { overflow-x: auto; max-width: 100%; margin-bottom: 8px; }
.tb-road { display: grid; grid-template-rows: repeat(6, 22px); grid-auto-columns: 22px; gap: 2px; background: #f4f1e8;
  padding: 4px; border-radius: 6px; width: max-content; min-width: 100%; min-height: 150px; }
.tb-road .bead { width: 20px; height: 20px; font-size: 11px; position: relative; box-shadow: none; }
.tb-road .bead.player { background: #1d5fbf; } .tb-road .bead.banker { background: #b3202a; } .tb-road .bead.tie { background: #137a3c; }
.tb-road .bead.pair-player::before, .tb-road .bead.pair-both::before { content: ''; position: absolute; top: -1px; left: -1px;
  width: 7px; height: 7px; border-radius: 50%; background: #1d5fbf; border: 1px solid #fff; }
.tb-road .bead.pair-banker::after, .tb-road .bead.pair-both::after { content: ''; position: absolute; bottom: -1px; right: -1px;
  width: 7px; height: 7px; border-radius: 50%; background: #b3202a; border: 1px solid #fff; }
.tb-road .ring { width: 18px; height: 18px; margin: 2px; border-radius: 50%; border: 3px solid; position: relative; }
.tb-road .ring.player { border-color: #1d5fbf; } .tb-road .ring.banker { border-color: #b3202a; }
.tb-road .ring.tied::after { content: ''; position: absolute; left: 5px; top: -4px; width: 2px; height: 20px; background: #137a3c; transform: rotate(45deg); }
.tb-road .tie-count { position: absolute; inset: 0; display: grid; place-items: center; font-size: 9px; font-weight: 800; color: #0b5a2a; }
.tb-roads .ball { margin: 2px; }
.tb-roads h2 { margin-top: 0; }

@media (orientation: landscape) and (max-height: 500px) {
  .tb-main { display: grid; grid-template-columns: minmax(0, 5fr) minmax(0, 7fr); align-items: start;
    grid-template-areas: "stage felt" "stage bar" "msg msg"; }
  .tb-stage { grid-area: stage; } .tb-felt { grid-area: felt; } .tb-main > .message { grid-area: msg; }
  .tb-layout.roulette .tb-main { grid-template-areas: "stage types" "stage felt" "stage bar" "msg msg"; }
  .tb-types { grid-area: types; } .tb-types .tb-type { min-height: 40px; } .tb-type-hint { display: none; }
  .tb-chipbar { grid-area: bar; position: static; padding: 6px; gap: 6px; }
  .tb-felt.roulette { grid-auto-rows: minmax(32px, auto); }
  .tb-felt.roulette .tb-spot { min-height: 32px; }
  .tb-felt.baccarat .main { min-height: 64px; }
  .tb-spot { min-height: 44px; }
  .tb-chip { width: 40px; height: 40px; }
  .tb-card { --cw: 42px; }
  .tb-wheel { width: min(170px, 26vw); }
  .tb-number { width: 60px; height: 60px; font-size: 28px; }
  .tb-stage.roulette .tb-scene { flex-direction: column; }
}
@media (prefers-reduced-motion: reduce) {
  .tb-card, .tb-stack .tb-chip, .tb-win { animation: none; }
  .tb-card-inner, .tb-hand, .tb-spot { transition: none; }
}
`;

export function injectTableStyle(): void {
  if (document.getElementById('tb-style')) return;
  const style = document.createElement('style');
  style.id = 'tb-style';
  style.textContent = CSS;
  document.head.append(style);
}
