import type { GamesApiView } from '@gamehall/shared/api/admin-games';
import i18next from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import core from '../../locales/en/core.json';
import { caletaGamesApi, type GamesApiForm, gamesApiChange, gamesApiForm, keepsSavedToken } from './games-api';

// Field errors are worded through core:fields.<REASON>, so the console's own English texts are loaded.
beforeAll(async () => {
  await i18next.init({
    resources: { en: { core } },
    ns: ['core'],
    defaultNS: 'core',
    lng: 'en',
    interpolation: { escapeValue: false, prefix: '{', suffix: '}' },
    returnNull: false,
  });
});

const caleta: GamesApiView = { url: 'https://caleta.example', operatorId: 42, subPartnerId: null };
const evolution: GamesApiView = { url: 'https://evo.example', casinoKey: 'casino_1', apiTokenSet: true };
const form = (saved: GamesApiView | null, over: Partial<GamesApiForm> = {}): GamesApiForm => ({
  ...gamesApiForm(saved),
  ...over,
});

describe('the Games API fields', () => {
  it("fill each protocol's fields only from settings of its shape, never the token", () => {
    expect(gamesApiForm(caleta)).toEqual({
      caletaUrl: 'https://caleta.example',
      operatorId: '42',
      subPartnerId: '',
      evolutionUrl: '',
      casinoKey: '',
      apiToken: '',
    });
    expect(gamesApiForm(evolution)).toEqual({
      caletaUrl: '',
      operatorId: '',
      subPartnerId: '',
      evolutionUrl: 'https://evo.example',
      casinoKey: 'casino_1',
      apiToken: '',
    });
    expect(gamesApiForm(null)).toEqual(gamesApiForm(undefined));
  });

  it("tell Caleta's settings, the ones the catalogue sync lists games through, from Evolution's", () => {
    expect(caletaGamesApi(caleta)).toBe(caleta);
    expect(caletaGamesApi(evolution)).toBeNull();
    expect(caletaGamesApi(null)).toBeNull();
  });
});

describe("Caleta's settings as sent", () => {
  it('are sent whole, trimmed, with no sub-partner as null', () => {
    expect(gamesApiChange('caleta', form(null, { caletaUrl: ' https://c.example ', operatorId: ' 7 ' }), null)).toEqual(
      {
        gamesApi: { url: 'https://c.example', operatorId: 7, subPartnerId: null },
        errors: {},
      },
    );
  });

  it('are removed when every field is emptied', () => {
    expect(gamesApiChange('caleta', form(caleta, { caletaUrl: '', operatorId: ' ' }), caleta)).toEqual({
      gamesApi: null,
      errors: {},
    });
  });

  it('name the field at fault: a missing one as required', () => {
    const change = gamesApiChange('caleta', form(null, { caletaUrl: 'ftp://c.example', subPartnerId: 'sp' }), null);
    expect(change).toEqual({
      errors: { 'gamesApi.url': expect.any(String), 'gamesApi.operatorId': 'Required' },
    });
  });
});

describe("Evolution's settings as sent", () => {
  it('are not sent when nothing changed, as the saved token is not known here', () => {
    const change = gamesApiChange('evolution', form(evolution, { evolutionUrl: ' https://evo.example ' }), evolution);
    expect(change).toEqual({ errors: {} });
    expect('gamesApi' in change).toBe(false);
  });

  it('need the token again when the address or the casino key changes', () => {
    expect(gamesApiChange('evolution', form(evolution, { casinoKey: 'casino_2' }), evolution)).toEqual({
      errors: { 'gamesApi.apiToken': 'Required' },
    });
    expect(
      gamesApiChange('evolution', form(evolution, { evolutionUrl: 'https://evo2.example' }), evolution).errors,
    ).toEqual({ 'gamesApi.apiToken': 'Required' });
  });

  it('are sent whole with a token entered, changed or not', () => {
    expect(gamesApiChange('evolution', form(evolution, { apiToken: ' tok-12345678 ' }), evolution)).toEqual({
      gamesApi: { url: 'https://evo.example', casinoKey: 'casino_1', apiToken: 'tok-12345678' },
      errors: {},
    });
  });

  it('are removed when every field is emptied', () => {
    expect(gamesApiChange('evolution', form(evolution, { evolutionUrl: '', casinoKey: '' }), evolution)).toEqual({
      gamesApi: null,
      errors: {},
    });
  });

  it('are new in full when none are saved: an empty field is required, a malformed one named', () => {
    expect(gamesApiChange('evolution', form(null), null)).toEqual({ errors: {} });
    const change = gamesApiChange('evolution', form(null, { casinoKey: 'bad key', apiToken: 'short' }), null);
    expect(Object.keys(change.errors).sort()).toEqual(['gamesApi.apiToken', 'gamesApi.casinoKey', 'gamesApi.url']);
    expect(change.errors['gamesApi.url']).toBe('Required');
    expect(change.gamesApi).toBeUndefined();
  });
});

describe('a change of protocol', () => {
  it("sends only the picked protocol's settings: a new one's empty fields leave it to the server to drop", () => {
    expect(gamesApiChange('evolution', form(caleta), caleta)).toEqual({ errors: {} });
    expect(gamesApiChange('caleta', form(evolution), evolution)).toEqual({ gamesApi: null, errors: {} });
    expect(gamesApiChange('gamehall', form(caleta), caleta)).toEqual({ gamesApi: null, errors: {} });
  });

  it("never sends the other protocol's fields along", () => {
    const both = form(caleta, { evolutionUrl: 'https://evo.example', casinoKey: 'k', apiToken: 'tok-12345678' });
    expect(gamesApiChange('caleta', both, caleta).gamesApi).toEqual({
      url: 'https://caleta.example',
      operatorId: 42,
      subPartnerId: null,
    });
    expect(gamesApiChange('evolution', both, caleta).gamesApi).toEqual({
      url: 'https://evo.example',
      casinoKey: 'k',
      apiToken: 'tok-12345678',
    });
  });
});

describe('the saved token hint', () => {
  it('shows while a token is saved and none is typed', () => {
    expect(keepsSavedToken(form(evolution), evolution)).toBe(true);
    expect(keepsSavedToken(form(evolution, { apiToken: 'x' }), evolution)).toBe(false);
    expect(keepsSavedToken(form(evolution), { ...evolution, apiTokenSet: false })).toBe(false);
    expect(keepsSavedToken(form(caleta), caleta)).toBe(false);
  });
});
