// The sportsbook page's stylesheet, added when the page opens (studio.css stays the shared base; the
// studio's CSP allows inline styles). Phone first at 390 px: one column, nothing wider than the
// screen, every tap target at least 44 px, the slip a bottom sheet opened from a bar at the bottom
// edge (thumb reach); from 900 px the slip is a side panel beside the screens. Up and down marks
// fade by CSS alone (no timers), and not at all under reduced motion.

const CSS = `
.sb-app { max-width: 1240px; padding: 0 8px 76px; }
.sb-top { position: sticky; top: 0; z-index: 5; background: var(--bg); }
.sb-sr { position: absolute; width: 1px; height: 1px; overflow: hidden; clip: rect(0 0 0 0); white-space: nowrap; }
.sb-tabs { display: flex; gap: 4px; overflow-x: auto; scrollbar-width: none; border-bottom: 1px solid var(--line); margin-bottom: 8px; }
.sb-tab { flex: 1 0 auto; min-height: 44px; display: inline-flex; align-items: center; justify-content: center; padding: 0 8px;
  color: var(--muted); text-decoration: none; border-bottom: 3px solid transparent; white-space: nowrap; }
.sb-tab[aria-current="page"] { color: var(--text); border-bottom-color: var(--accent); font-weight: 600; }
.sb-layout { display: grid; grid-template-columns: minmax(0, 1fr); gap: 12px; align-items: start; }
.sb-main-col, .sb-main { min-width: 0; }
.sb-message { text-align: left; margin: 0 0 6px; min-height: 0; }
.sb-screen-title { font-size: 18px; margin: 4px 0 8px; }
.sb-screen-title:focus { outline: none; }
.sb-empty { padding: 24px 8px; text-align: center; }
.sb-hidden { position: absolute; width: 1px; height: 1px; overflow: hidden; clip: rect(0 0 0 0); white-space: nowrap; }
.sb-search { margin: 0 0 8px; }
.sb-search-input { width: 100%; box-sizing: border-box; min-height: 44px; padding: 0 12px; border-radius: 22px;
  border: 1px solid var(--line); background: var(--panel); color: var(--text); font: inherit; }
.sb-search-status:empty { display: none; }
.sb-search-status { margin: 4px 4px 0; }
.sb-search-list h3 { font-size: 13px; margin: 8px 0 4px; color: var(--muted); font-weight: 600; }
.sb-search-list ul { list-style: none; margin: 0; padding: 0; }
.sb-search-list a { display: flex; flex-direction: column; justify-content: center; min-height: 44px; padding: 4px 8px;
  color: var(--text); text-decoration: none; border-bottom: 1px solid var(--line); overflow-wrap: anywhere; }
.sb-result-score { display: inline-flex; flex-direction: column; align-items: flex-end; }
.sb-result.cancelled .sb-score { color: var(--muted); }
.sb-cancelled { color: var(--error); font-weight: 600; }
.sb-periods { margin: 2px 0 0; }
.sb-chips, .sb-days { display: flex; gap: 6px; overflow-x: auto; padding: 2px 0 8px; scrollbar-width: thin; }
.sb-chip { flex: none; min-height: 44px; display: inline-flex; align-items: center; padding: 0 14px; border-radius: 22px;
  border: 1px solid var(--line); color: var(--text); text-decoration: none; white-space: nowrap; }
.sb-chip[aria-current="page"] { background: var(--accent); color: #111; border-color: var(--accent); font-weight: 600; }
.sb-zone { margin: 0 0 8px; }
.sb-league-group h3, .sb-sport h3, .sb-group h3 { font-size: 14px; margin: 12px 0 6px; color: var(--muted); font-weight: 600; }
.sb-league-group h3 a { color: var(--text); text-decoration: none; }
.sb-card { background: var(--panel); border: 1px solid var(--line); border-radius: 10px; padding: 8px 10px; margin-bottom: 8px; }
.sb-card-head { display: flex; align-items: center; gap: 8px; color: var(--text); text-decoration: none; min-height: 44px; }
.sb-teams { flex: 1; min-width: 0; display: flex; flex-direction: column; }
.sb-teams span { overflow: hidden; text-overflow: ellipsis; white-space: nowrap; }
.sb-side { font-weight: 700; }
.sb-side.meron { color: var(--error); }
.sb-side.wala { color: var(--accent); }
.sb-score { font-weight: 700; font-variant-numeric: tabular-nums; color: var(--accent); white-space: nowrap; }
.sb-score.big { font-size: 22px; }
.sb-live-info, .sb-when { display: inline-flex; flex-direction: column; align-items: flex-end; font-size: 12px; color: var(--muted); white-space: nowrap; }
.sb-live-dot { width: 8px; height: 8px; border-radius: 4px; background: var(--error); display: inline-block; }
.sb-clock { color: var(--win); font-variant-numeric: tabular-nums; font-weight: 600; }
.sb-mkt { margin-top: 6px; }
.sb-mkt-name { display: block; font-size: 12px; color: var(--muted); margin-bottom: 3px; }
.sb-prices { display: grid; gap: 6px; grid-template-columns: repeat(2, minmax(0, 1fr)); }
.sb-prices.n3 { grid-template-columns: repeat(3, minmax(0, 1fr)); }
.sb-group .sb-prices.n3 { grid-template-columns: repeat(auto-fit, minmax(96px, 1fr)); }
@media (max-width: 599px) {
  .sb-group .sb-prices.named { grid-template-columns: minmax(0, 1fr); }
  .sb-group .sb-prices.named .sb-price { flex-direction: row; align-items: center; justify-content: space-between; text-align: left; gap: 8px; }
}
.sb-cs-cols { display: grid; grid-template-columns: repeat(3, minmax(0, 1fr)); gap: 6px; align-items: start; }
.sb-cs-col { display: flex; flex-direction: column; gap: 6px; min-width: 0; }
.sb-cs-head { font-size: 12px; color: var(--muted); text-align: center; overflow: hidden; text-overflow: ellipsis; white-space: nowrap; }
.sb-cs .sb-prices { margin-top: 6px; }
.sb-price { min-height: 44px; min-width: 0; display: flex; align-items: center; justify-content: space-between; gap: 4px;
  padding: 4px 8px; border-radius: 8px; border: 1px solid var(--line); background: #222c44; color: var(--text); font: inherit;
  cursor: pointer; text-align: left; }
.sb-price[aria-pressed="true"] { background: var(--accent); color: #111; border-color: var(--accent); }
.sb-price:disabled { opacity: .45; cursor: not-allowed; }
.sb-price.suspended { background: #1a2033; }
.sb-price-label { min-width: 0; overflow: hidden; text-overflow: ellipsis; white-space: nowrap; font-size: 13px; }
.sb-card .sb-price { flex-direction: column; align-items: stretch; justify-content: center; gap: 0; text-align: center; }
.sb-card .sb-price-label { font-size: 11px; color: inherit; opacity: .75; }
.sb-odds { font-weight: 700; font-variant-numeric: tabular-nums; white-space: nowrap; display: inline-flex; align-items: center; justify-content: center; gap: 2px; }
.sb-lock { vertical-align: -2px; }
.sb-move { font-size: 10px; animation: sb-fade 4s ease-in forwards; }
.sb-move.up { color: var(--win); }
.sb-move.down { color: var(--error); }
.sb-price[aria-pressed="true"] .sb-move { color: #111; }
@keyframes sb-fade { 0%, 60% { opacity: 1; } 100% { opacity: 0; } }
.sb-more { display: inline-flex; align-items: center; min-height: 44px; font-size: 13px; }
@media (max-width: 599px) { .sb-card .sb-mkt ~ .sb-mkt { display: none; } }
.sb-leagues { list-style: none; margin: 0; padding: 0; }
.sb-leagues a { display: flex; justify-content: space-between; align-items: center; gap: 8px; min-height: 44px; padding: 4px 10px;
  border-bottom: 1px solid var(--line); color: var(--text); text-decoration: none; }
.sb-league-name { min-width: 0; overflow-wrap: anywhere; }
.sb-counts { display: inline-flex; gap: 8px; font-size: 12px; white-space: nowrap; }
.sb-count-live { color: var(--error); font-weight: 600; }
.sb-sport h3 { display: flex; justify-content: space-between; color: var(--text); font-size: 16px; }
.sb-event-head { margin-bottom: 8px; }
.sb-event-title { display: grid; grid-template-columns: minmax(0, 1fr) auto minmax(0, 1fr); gap: 10px; align-items: center; text-align: center; }
.sb-event-title > span:first-child, .sb-event-title > span:last-child { overflow-wrap: anywhere; }
.sb-event-when { text-align: center; margin: 4px 0; }
.sb-event-when .sb-live-info { flex-direction: row; gap: 6px; align-items: center; font-size: 14px; }
.sb-group { background: var(--panel); border: 1px solid var(--line); border-radius: 10px; padding: 4px 10px 10px; margin-bottom: 8px; }
.sb-fair { overflow-wrap: anywhere; }
.sb-badge { display: inline-grid; place-items: center; min-width: 22px; height: 22px; padding: 0 6px; border-radius: 11px;
  background: var(--accent); color: #111; font-size: 12px; font-weight: 700; }
.sb-slip { background: var(--panel); border: 1px solid var(--line); border-radius: 12px; padding: 10px; }
.sb-slip-head { display: flex; justify-content: space-between; align-items: center; gap: 8px; }
.sb-slip-head h2 { margin: 0; display: flex; align-items: center; gap: 6px; }
.sb-slip-head h2:focus { outline: none; }
.sb-sheet-close { display: none; }
.sb-slip.sheet { position: fixed; left: 0; right: 0; bottom: 0; z-index: 30; max-height: 88vh; overflow-y: auto;
  border-radius: 14px 14px 0 0; box-shadow: 0 -6px 24px #000a; padding-bottom: calc(10px + env(safe-area-inset-bottom)); }
.sb-slip.sheet .sb-sheet-close { display: inline-flex; }
body.sb-sheet-open { overflow: hidden; }
.sb-backdrop { position: fixed; inset: 0; z-index: 25; background: #000b; }
.sb-backdrop[hidden] { display: none; }
.sb-slip-bar { position: fixed; left: 8px; right: 8px; bottom: calc(8px + env(safe-area-inset-bottom)); z-index: 20; min-height: 52px;
  display: flex; align-items: center; justify-content: center; gap: 8px; border-radius: 26px; border: 0; font: inherit; font-weight: 600;
  background: var(--accent); color: #111; box-shadow: 0 4px 16px #000a; cursor: pointer; }
.sb-slip-bar .sb-badge { background: #111; color: var(--accent); }
.sb-slip-bar.empty { background: #222c44; color: var(--text); }
.sb-slip-bar[hidden] { display: none; }
.sb-legs { list-style: none; margin: 8px 0; padding: 0; }
.sb-leg { border-bottom: 1px solid var(--line); padding: 6px 0; }
.sb-leg.blocked { opacity: .7; }
.sb-leg-top { display: flex; align-items: center; gap: 6px; }
.sb-leg-name { flex: 1; min-width: 0; overflow-wrap: anywhere; }
.sb-leg-odds { white-space: nowrap; font-variant-numeric: tabular-nums; }
.sb-leg-odds.up strong, .sb-leg-odds.moved.up strong { color: var(--win); }
.sb-leg-odds.down strong, .sb-leg-odds.moved.down strong { color: var(--error); }
.sb-was { color: var(--muted); }
.sb-leg-market { margin: 2px 0 4px; overflow-wrap: anywhere; }
.sb-live-tag { color: var(--error); font-weight: 600; }
.sb-remove { min-width: 44px; min-height: 44px; font-size: 20px; }
.sb-stake-row { display: flex; align-items: center; gap: 8px; flex-wrap: wrap; }
.sb-stake { width: 7.5em; min-height: 44px; }
.sb-stake.chip-target { border-color: var(--accent); }
.sb-payout { color: var(--muted); }
.sb-combo { border-bottom: 1px solid var(--line); padding: 8px 0; }
.sb-combo-head { display: flex; justify-content: space-between; gap: 8px; margin-bottom: 4px; flex-wrap: wrap; }
.sb-note { color: var(--muted); font-size: 13px; }
.sb-chips-row { display: flex; gap: 6px; flex-wrap: wrap; margin: 10px 0; }
.sb-stake-chip { min-height: 44px; min-width: 56px; padding: 6px 10px; }
.sb-rule-row { display: flex; flex-direction: column; gap: 4px; margin: 6px 0; }
.sb-totals { grid-template-columns: 1fr auto; margin: 8px 0; }
.sb-totals dd { text-align: right; font-weight: 700; font-variant-numeric: tabular-nums; }
.sb-refusal { color: var(--error); margin: 6px 0; }
.sb-place { width: 100%; min-height: 48px; margin-top: 6px; }
.sb-slip-foot { position: sticky; bottom: 0; background: var(--panel); border-top: 1px solid var(--line); padding: 4px 0 2px; margin-top: 8px; }
.sb-slip.sheet .sb-slip-foot { bottom: calc(-10px - env(safe-area-inset-bottom)); padding-bottom: calc(10px + env(safe-area-inset-bottom)); }
.sb-group .sb-price { flex-direction: column; align-items: stretch; justify-content: center; gap: 2px; text-align: center; }
.sb-group .sb-price-label { white-space: normal; overflow-wrap: anywhere; display: -webkit-box; -webkit-line-clamp: 2;
  -webkit-box-orient: vertical; line-height: 1.2; }
.sb-clear { width: 100%; margin-top: 6px; min-height: 44px; }
.sb-actions { display: flex; gap: 8px; flex-wrap: wrap; margin-top: 8px; }
.sb-actions .button { min-height: 44px; }
.sb-pending { display: flex; gap: 8px; align-items: center; }
.sb-spinner { width: 18px; height: 18px; border-radius: 50%; border: 3px solid var(--line); border-top-color: var(--accent);
  animation: sb-spin 1s linear infinite; flex: none; }
@keyframes sb-spin { to { transform: rotate(360deg); } }
.sb-placed { list-style: none; margin: 0; padding: 0; }
.sb-placed li { border-bottom: 1px solid var(--line); padding: 6px 0; }
.sb-bet-status { font-size: 12px; padding: 1px 8px; border-radius: 10px; background: #222c44; margin-left: 6px; }
.sb-bet-status.won, .sb-bet-status.open, .sb-bet-status.cashed_out { background: #1d4d3a; }
.sb-bet-status.lost, .sb-bet-status.refused { background: #4d1d26; }
.sb-bet { background: var(--panel); border: 1px solid var(--line); border-radius: 10px; padding: 10px; margin-bottom: 8px; }
.sb-bet header { display: flex; flex-wrap: wrap; align-items: center; gap: 6px; }
.sb-bet header .muted { margin-left: auto; }
.sb-bet-legs { list-style: none; padding: 0; margin: 6px 0; }
.sb-bet-leg { padding: 4px 0; border-bottom: 1px dashed var(--line); overflow-wrap: anywhere; }
.sb-bet-leg p { margin: 2px 0; }
.sb-outcome { font-size: 12px; margin-left: 6px; padding: 0 6px; border-radius: 8px; background: #222c44; }
.sb-outcome.win, .sb-outcome.half_win { background: #1d4d3a; }
.sb-outcome.lose, .sb-outcome.half_lose { background: #4d1d26; }
.sb-bet-facts { grid-template-columns: 1fr auto; }
.sb-bet-facts dd { text-align: right; font-variant-numeric: tabular-nums; }
.sb-corrections h4 { margin: 6px 0 2px; font-size: 13px; }
.sb-corrections ul { margin: 0; padding-left: 18px; }
.sb-cash-part { margin-top: 8px; }
.sb-cash-range { width: 100%; min-height: 44px; padding: 0; }
.sb-settings { display: grid; gap: 6px; max-width: 420px; margin: 0 0 8px auto; }
.sb-settings[hidden] { display: none; }
.sb-settings-button { white-space: nowrap; }
@media (min-width: 900px) {
  .sb-app { padding-bottom: 16px; }
  .sb-layout { grid-template-columns: minmax(0, 1fr) 340px; }
  .sb-slip { position: sticky; top: 64px; max-height: calc(100vh - 76px); overflow-y: auto; }
  /* Down over the panel's bottom padding: what scrolls under the totals must not show beneath them. */
  .sb-slip-foot { bottom: -10px; padding-bottom: 10px; }
}
@media (prefers-reduced-motion: reduce) {
  .sb-move { animation: none; }
  .sb-spinner { animation: none; }
}
.sb-trk { padding-top: 8px; }
.sb-trk-tabs { display: flex; gap: 4px; border-bottom: 1px solid var(--line); margin-bottom: 8px; }
.sb-trk-tab { flex: 1; min-height: 44px; background: none; border: 0; border-bottom: 3px solid transparent; color: var(--muted); font: inherit; cursor: pointer; }
.sb-trk-tab[aria-selected="true"] { color: var(--text); border-bottom-color: var(--accent); font-weight: 600; }
.sb-trk-figure { margin: 0 auto 8px; max-width: 520px; }
.sb-trk-pitch { --trk-line: color-mix(in srgb, var(--text) 35%, transparent); position: relative; display: grid; grid-auto-flow: column; grid-auto-columns: 1fr; border: 2px solid var(--trk-line);
  border-radius: 6px; overflow: hidden; background: color-mix(in srgb, var(--win) 14%, var(--panel)); aspect-ratio: 105 / 68; }
.sb-trk-pitch.basketball { aspect-ratio: 28 / 15; background: color-mix(in srgb, var(--accent) 14%, var(--panel)); }
.sb-trk-pitch.tennis { aspect-ratio: 24 / 11; background: color-mix(in srgb, var(--muted) 18%, var(--panel)); }
.sb-trk-cell + .sb-trk-cell { border-left: 1px dashed var(--trk-line); }
.sb-trk-cell.lit { background: color-mix(in srgb, var(--accent) 30%, transparent); }
.sb-trk-cell.lit.away { background: color-mix(in srgb, var(--error) 30%, transparent); }
.sb-trk-pitch::before { content: ""; position: absolute; left: 50%; top: 0; bottom: 0; border-left: 2px solid var(--trk-line); }
.sb-trk-pitch.football::after, .sb-trk-pitch.basketball::after { content: ""; position: absolute; left: 50%; top: 50%; width: 18%;
  aspect-ratio: 1; border: 2px solid var(--trk-line); border-radius: 50%; transform: translate(-50%, -50%); }
.sb-trk-mark { position: absolute; inset: 0; pointer-events: none; }
.sb-trk-pitch.football .sb-trk-mark::before, .sb-trk-pitch.football .sb-trk-mark::after,
.sb-trk-pitch.basketball .sb-trk-mark::before, .sb-trk-pitch.basketball .sb-trk-mark::after {
  content: ""; position: absolute; top: 22%; bottom: 22%; width: 16%; border: 2px solid var(--trk-line); }
.sb-trk-pitch.basketball .sb-trk-mark::before, .sb-trk-pitch.basketball .sb-trk-mark::after { top: 33%; bottom: 33%; width: 20%; }
.sb-trk-mark::before { left: -2px; }
.sb-trk-mark::after { right: -2px; }
.sb-trk-pitch.tennis .sb-trk-mark { inset: 12% 0; border-top: 2px solid var(--trk-line); border-bottom: 2px solid var(--trk-line); }
.sb-trk-figure figcaption { display: flex; flex-direction: column; gap: 2px; text-align: center; margin-top: 4px; }
.sb-trk-ends { display: flex; justify-content: space-between; gap: 8px; color: var(--muted); }
.sb-trk-ends span { overflow: hidden; text-overflow: ellipsis; white-space: nowrap; max-width: 48%; }
.sb-trk-feed { list-style: none; margin: 0; padding: 0; }
.sb-trk-line { display: grid; grid-template-columns: 48px minmax(0, 1fr) minmax(0, auto); gap: 8px; align-items: center;
  padding: 6px 0; border-top: 1px solid var(--line); font-size: 14px; }
.sb-trk-line.big .sb-trk-kind { font-weight: 700; color: var(--accent); }
.sb-trk-clock { color: var(--win); font-variant-numeric: tabular-nums; }
.sb-trk-team { overflow: hidden; text-overflow: ellipsis; white-space: nowrap; text-align: right; max-width: 40vw; }
.sb-trk-stat { display: grid; grid-template-columns: 40px minmax(0, 1fr) 40px; gap: 4px 8px; align-items: center; padding: 4px 0; font-size: 14px; }
.sb-trk-num { font-variant-numeric: tabular-nums; font-weight: 600; }
.sb-trk-stat .sb-trk-num:last-of-type { text-align: right; }
.sb-trk-label { text-align: center; color: var(--muted); }
.sb-trk-bar { grid-column: 1 / -1; height: 4px; border-radius: 2px; background: var(--error); overflow: hidden; }
.sb-trk-bar .home { display: block; height: 100%; background: var(--accent); }
`;

export function injectSportsbookStyle(): void {
  if (document.getElementById('sb-style')) return;
  const style = document.createElement('style');
  style.id = 'sb-style';
  style.textContent = CSS;
  document.head.append(style);
}
