// The Tongits table page's stylesheet, added when the page opens (studio.css stays the shared base).
// Phone first at 390 px: one column, the hand wrapping in rows of cards at least 44 px wide to tap,
// the moves under the hand within thumb reach; a green felt for the table's middle.

const CSS = `
.tg-page { max-width: 760px; margin: 0 auto; padding: 0 8px 24px; display: flex; flex-direction: column; gap: 10px; }
.tg-head { display: flex; flex-wrap: wrap; align-items: baseline; gap: 6px 12px; }
.tg-head h1 { font-size: 18px; margin: 8px 0 0; }
.tg-timer { margin-left: auto; font-variant-numeric: tabular-nums; color: var(--accent); font-weight: 600; }
.tg-sound { font-size: 13px; color: var(--muted); }
.tg-opponents { display: grid; grid-template-columns: 1fr 1fr; gap: 8px; }
.tg-opponent { background: var(--panel); border: 1px solid var(--line); border-radius: 10px; padding: 8px; display: flex; flex-direction: column; gap: 2px; min-width: 0; }
.tg-opponent.turn { border-color: var(--accent); box-shadow: 0 0 0 1px var(--accent); }
.tg-badge { align-self: flex-start; font-size: 12px; padding: 1px 6px; border-radius: 8px; background: var(--line); }
.tg-badge.warn { background: var(--error); color: #111; }
.tg-middle { display: flex; justify-content: center; gap: 24px; padding: 12px; border-radius: 14px;
  background: radial-gradient(circle at 50% 40%, #1f6b45, #134630); }
.tg-pile { display: flex; flex-direction: column; align-items: center; gap: 4px; }
.tg-pile .muted { color: #cfe8da; font-size: 12px; }
.tg-back { width: 48px; height: 68px; border-radius: 6px; display: flex; align-items: center; justify-content: center;
  background: repeating-linear-gradient(45deg, #7a1f2b, #7a1f2b 6px, #942838 6px, #942838 12px); color: #fff; font-weight: 700; border: 2px solid #fff; }
.tg-empty { width: 48px; height: 68px; border-radius: 6px; border: 2px dashed #cfe8da; color: #cfe8da; font-size: 11px;
  display: flex; align-items: center; justify-content: center; }
.tg-row { display: flex; flex-wrap: wrap; gap: 4px; }
.tg-card { min-width: 44px; min-height: 62px; padding: 2px 4px; border-radius: 6px; border: 1px solid #c9ced8; background: #fdfdfd; color: #1a1d24;
  display: inline-flex; flex-direction: column; align-items: center; justify-content: center; font-weight: 700; font-size: 16px; line-height: 1.1; cursor: pointer; }
.tg-card.red { color: #c62833; }
.tg-card .suit { font-size: 18px; }
.tg-card.selected { transform: translateY(-8px); border: 2px solid var(--accent); box-shadow: 0 4px 10px rgba(0,0,0,.4); }
.tg-card:disabled { cursor: default; opacity: 1; }
.tg-row.small .tg-card { min-width: 30px; min-height: 42px; font-size: 13px; }
.tg-row.small .tg-card .suit { font-size: 13px; }
.tg-melds h2, .tg-hand h2, .tg-result h2 { font-size: 14px; color: var(--muted); margin: 4px 0 6px; font-weight: 600; }
.tg-meld-list { display: flex; flex-wrap: wrap; gap: 8px; }
.tg-meld { background: var(--panel); border: 1px solid var(--line); border-radius: 10px; padding: 6px; display: flex; flex-direction: column; gap: 4px; color: var(--text); min-height: 44px; }
.tg-meld .owner { font-size: 12px; color: var(--muted); text-align: left; }
.tg-meld.target:not(:disabled) { border-color: var(--accent); cursor: pointer; }
.tg-status { margin: 0; font-weight: 600; min-height: 1.4em; }
.tg-error { color: var(--error); margin: 0; }
.tg-moves .button { min-height: 44px; flex: 1 1 30%; }
.tg-result { background: var(--panel); border: 1px solid var(--win); border-radius: 10px; padding: 8px 12px; }
.tg-result ul { margin: 0; padding-left: 18px; }
.tg-winner { font-weight: 700; color: var(--win); margin: 0 0 6px; }
.tg-seats input { width: 8em; min-height: 40px; }
.tg-seats .button { min-height: 44px; }
.tg-fair code { word-break: break-all; font-size: 12px; }
.tg-fair .ok { color: var(--win); }
@media (prefers-reduced-motion: reduce) { .tg-card.selected { transform: none; } }
`;

/** Adds the page's stylesheet once. */
export function injectTongitsStyle(): void {
  if (document.getElementById('tongits-style')) return;
  const style = document.createElement('style');
  style.id = 'tongits-style';
  style.textContent = CSS;
  document.head.append(style);
}
