import { describe, expect, it } from 'vitest';
import { errorWords } from './kit/error-words';
import { errorPage, fairPage, htmlLang, playPage } from './pages';

const page = (gameName: string | null, kind = 'fish') =>
  playPage({ kind, gameCode: 'FISH-001', gameName, lobbyUrl: null, mode: 'real', language: 'EN' });

describe('the game page shell', () => {
  it("is titled by the game's launch name, escaped, and hands the name to the client", () => {
    const html = page('Coral <Cannon>');
    expect(html).toContain('<title>Coral &#60;Cannon&#62; · Gamehall Studio</title>');
    const boot = JSON.parse(/<script type="application\/json" id="boot">(.*)<\/script>/.exec(html)![1]!);
    expect(boot.gameName).toBe('Coral <Cannon>');
    expect(html).not.toContain('<Cannon>');
  });

  it('falls back to the kind of game, never the catalogue code', () => {
    expect(page(null)).toContain('<title>Fishing · Gamehall Studio</title>');
    expect(page(null)).not.toMatch(/<title>[^<]*FISH-001/);
  });

  it('is in the launch language: TY (Filipino) pages say lang="fil", not English', () => {
    const page = (language: string) =>
      playPage({ kind: 'slot', gameCode: 'RNG-001', gameName: 'Gintong Araw', lobbyUrl: null, mode: 'real', language });
    expect(page('TY')).toContain('<html lang="fil">');
    expect(page('ZH-HANT')).toContain('<html lang="zh-hant">');
    expect(page('EN')).toContain('<html lang="en">');
    expect(htmlLang('"><script>')).toBe('en');
  });

  it('titles an unnamed game by its kind in the launch language', () => {
    const page = (language: string) =>
      playPage({ kind: 'roulette', gameCode: 'LIVE-005', gameName: null, lobbyUrl: null, mode: 'real', language });
    expect(page('TY')).toContain('<title>Roleta · Gamehall Studio</title>');
    expect(page('EN')).toContain('<title>Roulette · Gamehall Studio</title>');
  });

  it('serves the verifier in Filipino for TY and in English otherwise', () => {
    expect(fairPage('TY')).toContain('<html lang="fil">');
    expect(fairPage('TY')).toContain('<script type="application/json" id="boot">{"language":"TY"}</script>');
    expect(fairPage('TY')).toContain('<title>Tagasuri ng patas na laro · Gamehall Studio</title>');
    expect(fairPage()).toContain('<html lang="en">');
    expect(fairPage(['TY', 'EN'])).toContain('{"language":"EN"}');
    // Another platform language: the page's language and boot data; its words load on the page.
    expect(fairPage('th')).toContain('<html lang="th">');
    expect(fairPage('th')).toContain('{"language":"TH"}');
    expect(fairPage('tl')).toContain('{"language":"EN"}');
  });

  it('shows a failed launch in Thai for a TH launch', () => {
    const th = errorPage('x', '/rng', 'TH');
    expect(th).toContain('<html lang="th">');
    expect(th).toContain(`<h1>${errorWords('TH').launch.cannotOpen}</h1>`);
    expect(errorWords('TH').launch.cannotOpen).not.toBe(errorWords('EN').launch.cannotOpen);
    expect(th).not.toMatch(/Cannot open|Back to lobby/);
  });

  it('shows a failed launch in the launch language, its message escaped, and never writes the language value', () => {
    const ty = errorPage('Kulang <b>', '/rng', 'TY');
    expect(ty).toContain('<html lang="fil">');
    expect(ty).toContain('<h1>Hindi mabuksan ang laro</h1><p>Kulang &#60;b&#62;</p>');
    expect(ty).toContain('target="_top">Bumalik sa lobby</a>');
    expect(ty).not.toMatch(/Cannot open|Back to lobby/);
    const en = errorPage('No such game', '/rng');
    expect(en).toContain('<html lang="en">');
    expect(en).toContain('<h1>Cannot open the game</h1>');
    expect(en).toContain('target="_top">Back to lobby</a>');
    for (const hostile of ['"><script>alert(1)</script>', 'tl', 'TY-PH', { TY: 1 }]) {
      const page = errorPage('No such game', null, hostile);
      expect(page, String(hostile)).toContain('<html lang="en">');
      expect(page, String(hostile)).toContain('<h1>Cannot open the game</h1>');
      expect(page, String(hostile)).not.toContain('<script>alert');
    }
  });
});
