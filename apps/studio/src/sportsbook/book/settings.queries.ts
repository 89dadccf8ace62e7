import type { TraderRiskFactorsBody } from '@gamehall/shared/api/sportsbook-trader';
import type { StudioDb } from '../../kit/db/database';

// The trader's tables of the book: its settings row, the margins, the players' factors and the
// players' slip preferences.

/** The book's settings as stored (one row, id 1), if any. */
export function settingsRow(db: StudioDb) {
  return db.selectFrom('studio_sb_settings').select('settings').where('id', '=', 1).executeTakeFirst();
}

/** The settings row, locked so that two changes write one after the other. */
export function lockSettingsRow(db: StudioDb) {
  return db.selectFrom('studio_sb_settings').select('settings').where('id', '=', 1).forUpdate().executeTakeFirst();
}

/** Writes the whole settings value (`settings` is its JSON text). */
export async function upsertSettings(db: StudioDb, settings: string): Promise<void> {
  await db
    .insertInto('studio_sb_settings')
    .values({ id: 1, settings })
    .onConflict((oc) => oc.column('id').doUpdateSet({ settings }))
    .execute();
}

export function marginRows(db: StudioDb) {
  return db.selectFrom('studio_sb_margins').select(['scope', 'key', 'margin_ppm']).execute();
}

/** Sets the margin of a sport or a league. */
export async function upsertMargin(db: StudioDb, scope: 'sport' | 'league', key: string, ppm: number): Promise<void> {
  await db
    .insertInto('studio_sb_margins')
    .values({ scope, key, margin_ppm: ppm })
    .onConflict((oc) => oc.columns(['scope', 'key']).doUpdateSet({ margin_ppm: ppm }))
    .execute();
}

/** Drops a league's margin: the league takes its sport's again. */
export async function deleteLeagueMargin(db: StudioDb, league: string): Promise<void> {
  await db.deleteFrom('studio_sb_margins').where('scope', '=', 'league').where('key', '=', league).execute();
}

export function playerFactorRow(db: StudioDb, player: string) {
  return db
    .selectFrom('studio_sb_players')
    .select(['factor_ppm', 'risk_level', 'risk_factor_ppm'])
    .where('player', '=', player)
    .executeTakeFirst();
}

/** The players whose trader factor or risk factor is not `fullFactor`, by player. */
export function playersOffFullFactor(db: StudioDb, fullFactor: number) {
  return db
    .selectFrom('studio_sb_players')
    .select(['player', 'factor_ppm', 'risk_level', 'risk_factor_ppm'])
    .where((eb) => eb.or([eb('factor_ppm', '<>', fullFactor), eb('risk_factor_ppm', '<>', fullFactor)]))
    .orderBy('player')
    .execute();
}

export async function upsertPlayerFactor(db: StudioDb, player: string, factorPpm: number): Promise<void> {
  await db
    .insertInto('studio_sb_players')
    .values({ player, factor_ppm: factorPpm })
    .onConflict((oc) => oc.column('player').doUpdateSet({ factor_ppm: factorPpm }))
    .execute();
}

/** Writes a player's risk level and factor unless the row holds this version or a later one. */
export function upsertRiskFactor(db: StudioDb, push: TraderRiskFactorsBody['list'][number]) {
  return db
    .insertInto('studio_sb_players')
    .values({
      player: push.player,
      risk_level: push.level,
      risk_factor_ppm: push.factorPpm,
      risk_version: push.version,
    })
    .onConflict((oc) =>
      oc
        .column('player')
        .doUpdateSet({ risk_level: push.level, risk_factor_ppm: push.factorPpm, risk_version: push.version })
        .where('studio_sb_players.risk_version', '<', push.version),
    )
    .executeTakeFirst();
}

export function prefsRow(db: StudioDb, owner: string) {
  return db
    .selectFrom('studio_sb_prefs')
    .select(['odds_format', 'odds_change'])
    .where('owner', '=', owner)
    .executeTakeFirst();
}

export async function upsertPrefs(db: StudioDb, owner: string, oddsFormat: string, oddsChange: string): Promise<void> {
  await db
    .insertInto('studio_sb_prefs')
    .values({ owner, odds_format: oddsFormat, odds_change: oddsChange })
    .onConflict((oc) => oc.column('owner').doUpdateSet({ odds_format: oddsFormat, odds_change: oddsChange }))
    .execute();
}
