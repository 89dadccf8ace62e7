import {
  CaletaGamesApi,
  EvolutionGamesApi,
  type GamesApiSettings,
  type GamesApiView,
} from '@gamehall/shared/api/admin-games';
import { validate } from '../../lib/form-errors';

// The Games API part of the vendor dialog: each protocol's own fields, and what the form sends. The
// server takes the settings only whole, and never sends Evolution's API token back, so a change to
// Evolution's settings needs the token entered again.

/** Evolution's settings as the console reads them: the token only as whether one is saved. */
export type EvolutionGamesApiView = Extract<GamesApiView, { casinoKey: string }>;

/** The saved settings if they are Caleta's (the protocol that lists its games to the catalogue sync). */
export function caletaGamesApi(saved: GamesApiView | null | undefined): CaletaGamesApi | null {
  return saved && 'operatorId' in saved ? saved : null;
}

/** The saved settings if they are Evolution's. */
export function evolutionGamesApi(saved: GamesApiView | null | undefined): EvolutionGamesApiView | null {
  return saved && 'casinoKey' in saved ? saved : null;
}

/**
 * The fields of both protocols, each filled only from settings of its own shape, so that switching
 * the protocol in the dialog shows the other protocol's fields empty and switching back restores them.
 */
export type GamesApiForm = {
  caletaUrl: string;
  operatorId: string;
  subPartnerId: string;
  evolutionUrl: string;
  casinoKey: string;
  apiToken: string;
};

export function gamesApiForm(saved: GamesApiView | null | undefined): GamesApiForm {
  const caleta = caletaGamesApi(saved);
  const evolution = evolutionGamesApi(saved);
  return {
    caletaUrl: caleta?.url ?? '',
    operatorId: caleta ? String(caleta.operatorId) : '',
    subPartnerId: caleta?.subPartnerId ?? '',
    evolutionUrl: evolution?.url ?? '',
    casinoKey: evolution?.casinoKey ?? '',
    apiToken: '',
  };
}

/**
 * What the form sends as `gamesApi`: settings, null to remove them, or absent to leave the saved
 * ones. `errors` are keyed `gamesApi.<field>`; with any, nothing is to be sent.
 */
export type GamesApiChange = { gamesApi?: GamesApiSettings | null; errors: Record<string, string> };

/** The settings checked with their protocol's schema, each field's problem on that field. */
function checked(schema: typeof CaletaGamesApi | typeof EvolutionGamesApi, value: object): GamesApiChange {
  const result = validate(schema, value);
  if (result.data) return { gamesApi: result.data, errors: {} };
  return { errors: Object.fromEntries(Object.entries(result.errors).map(([k, v]) => [`gamesApi.${k}`, v])) };
}

function caletaChange(form: GamesApiForm): GamesApiChange {
  const url = form.caletaUrl.trim();
  const operatorId = form.operatorId.trim();
  const subPartnerId = form.subPartnerId.trim();
  // No settings: games open at the integration's launch address.
  if (!url && !operatorId && !subPartnerId) return { gamesApi: null, errors: {} };
  // An empty field is left out, so that it reads as missing rather than malformed.
  return checked(CaletaGamesApi, {
    url: url || undefined,
    operatorId: operatorId ? Number(operatorId) : undefined,
    subPartnerId: subPartnerId || null,
  });
}

function evolutionChange(form: GamesApiForm, saved: EvolutionGamesApiView | null): GamesApiChange {
  const url = form.evolutionUrl.trim();
  const casinoKey = form.casinoKey.trim();
  const apiToken = form.apiToken.trim();
  // Sending the saved settings again would need the token, which the console does not have.
  if (!apiToken && url === (saved?.url ?? '') && casinoKey === (saved?.casinoKey ?? '')) return { errors: {} };
  if (!url && !casinoKey && !apiToken) return { gamesApi: null, errors: {} };
  return checked(EvolutionGamesApi, {
    url: url || undefined,
    casinoKey: casinoKey || undefined,
    apiToken: apiToken || undefined,
  });
}

/** Only the selected protocol's settings are sent; the platform's own protocol has no Games API. */
export function gamesApiChange(protocol: string, form: GamesApiForm, saved: GamesApiView | null): GamesApiChange {
  if (protocol === 'caleta') return caletaChange(form);
  if (protocol === 'evolution') return evolutionChange(form, evolutionGamesApi(saved));
  return { gamesApi: null, errors: {} };
}

/** The token hint that the saved token stays: while one is saved and none is typed. */
export function keepsSavedToken(form: GamesApiForm, saved: GamesApiView | null | undefined): boolean {
  return Boolean(evolutionGamesApi(saved)?.apiTokenSet) && !form.apiToken.trim();
}
