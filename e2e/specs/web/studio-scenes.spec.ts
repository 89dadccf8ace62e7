// e2e: beside own-accounts-b
// The house studio's fish, duel, match and derby scenes at desktop and phone sizes: a
// member who registered and deposited through the sandbox plays one round of each, and the scene
// ends on the server's result (the catches, the cards, the score, the fight's winner) with the
// server's win and balance (at once on the phone, which asks for reduced motion); no console error,
// no horizontal overflow, no serious axe violation.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Browser } from 'playwright-core';
import { call } from '../../support/site';
import { checkGamePage, GAME_SIZES, launchByNode, newStudioMember, openGamePage, shown } from '../../support/studio';
import { useSiteBrowser } from './web-build';

const browser = useSiteBrowser();

type Outcome = Record<string, unknown>;
type RoundAnswer = { balance: number; round: { win: number; steps: { outcome: Outcome }[] } };

const KINDS = [
  { kind: 'fish', prefix: 'FISH-', types: ['FISH'] },
  { kind: 'duel', prefix: 'PVP-', types: ['PVP'] },
  { kind: 'match', prefix: 'SPORTS-', types: ['SPORTS', 'ESPORTS'] },
  { kind: 'derby', prefix: 'COCKFIGHT-', types: ['COCKFIGHT', 'SPORTS'] },
] as const;

/** What the scene must say at the end, from the server's outcome alone. */
function expectedVerdict(kind: string, o: Outcome, names: Record<number, string>): string {
  if (kind === 'fish') {
    const shots = o.shots as { kind: number; captured: boolean }[];
    const caught = shots.filter((s) => s.captured).map((s) => names[s.kind]);
    const n = `${shots.length} shot${shots.length === 1 ? '' : 's'}`;
    return caught.length ? `Caught ${caught.join(', ')} (${o.captured} of ${n})` : `No catch in ${n}`;
  }
  if (kind === 'duel') return o.result === 'win' ? 'You win' : o.result === 'tie' ? 'Tie' : 'You lose';
  if (kind === 'match') {
    const [h, a] = o.score as [number, number];
    return `${o.home} ${h} – ${a} ${o.away}`;
  }
  const winner = o.result === 'meron' ? o.meron : o.wala;
  return o.result === 'draw' ? `Draw after ${o.seconds}s` : `${winner} wins (${o.seconds}s)`;
}

async function playAt(b: Browser, url: string, kind: string, size: { width: number; height: number }, name: string) {
  // The phone asks for reduced motion: the scene shows its end at once, and that path is checked too.
  const { page, errors, close } = await openGamePage(b, url, size, { reducedMotion: size.width < 500 });
  await page.getByTestId('spin').waitFor();
  const names = await page.evaluate(() =>
    Object.fromEntries(
      Array.from(document.querySelectorAll('.fish-paytable li svg')).map((s, i) => [i, s.getAttribute('aria-label')]),
    ),
  );
  if (kind === 'match' || kind === 'derby') await page.locator('.options .button').first().click();
  const answer = page.waitForResponse((r) => r.url().endsWith('/studio/api/round') && r.request().method() === 'POST');
  await page.getByTestId('spin').click();
  const body = (await (await answer).json()) as RoundAnswer;
  const outcome = body.round.steps[0]!.outcome;
  // The scene has ended when the button is back and the result text is written.
  await page.waitForFunction(() => {
    const spin = document.querySelector('[data-testid=spin]') as HTMLButtonElement | null;
    return spin && !spin.disabled && (document.querySelector('[data-testid=message]')?.textContent ?? '') !== '';
  });
  const verdict = (await page.getByTestId('verdict').innerText()).trim();
  assert.equal(verdict, expectedVerdict(kind, outcome, names as Record<number, string>), `${name}: the server result`);
  if (kind === 'duel') {
    const cards = await page
      .locator('[data-testid=player-cards] .pc')
      .evaluateAll((els) => els.map((e) => e.getAttribute('data-card')));
    assert.deepEqual(cards, (outcome.labels as { player: string[] }).player, 'the server cards');
  }
  if (kind === 'match') {
    const events = (outcome.goals as unknown[] | undefined) ?? (outcome.maps as unknown[]);
    assert.equal(await page.locator('[data-testid=events] li').count(), events.length, 'every goal or map shown');
  }
  assert.equal((await page.getByTestId('last-win').innerText()).trim(), shown(body.round.win), 'the server win');
  assert.equal((await page.getByTestId('balance').innerText()).trim(), shown(body.balance), 'the server balance');
  await checkGamePage(page, errors, `studio-scenes-${name}`);
  await close();
}

test('a new member plays fish, duel, match and derby at desktop and phone sizes: each scene ends on the server result', async () => {
  const b = browser();
  const { context, token } = await newStudioMember(b, 'sc', 'Scene Tester');
  for (const { kind, prefix, types } of KINDS) {
    let game: { nodeId: number; gameCode: string; gameName: string } | undefined;
    for (const type of types) {
      const list = await call<{ games: { nodeId: number; gameCode: string; gameName: string }[] }>(
        'GET',
        `/wps/relay/GCSGAME_gameList?gameType=${type}&pageSize=48`,
        token,
      );
      // The PVP tiles open the card room, all but the one titled as the duel against the house.
      game = list.value?.games.find(
        (g) => g.gameCode.startsWith(prefix) && (kind !== 'duel' || /Three Card Duel/.test(g.gameName)),
      );
      if (game) break;
    }
    assert.ok(game, `a studio ${kind} game in the lobby`);
    for (const size of GAME_SIZES) {
      await playAt(b, await launchByNode(token, game.nodeId), kind, size, `${kind}-${size.name}`);
    }
  }
  await context.close();
});
