import { type Kysely, sql } from 'kysely';
import { type Migration, type MigrationProvider, Migrator } from 'kysely/migration';
import * as m0001 from './migrations/0001-foundation';
import * as m0002 from './migrations/0002-password-resets';
import * as m0003 from './migrations/0003-ledger-holds';
import * as m0004 from './migrations/0004-cashier';
import * as m0005 from './migrations/0005-favourites';
import * as m0006 from './migrations/0006-game-sessions-rounds';
import * as m0007 from './migrations/0007-games-catalogue-version';
import * as m0010 from './migrations/0010-ledger-post-function';
import * as m0011 from './migrations/0011-ledger-account-create-race';
import * as m0012 from './migrations/0012-ledger-post-batch';
import * as m0013 from './migrations/0013-cache-invalidation-notify';
import * as m0014 from './migrations/0014-vendor-call-context';
import * as m0015 from './migrations/0015-vendor-record-functions';
import * as m0016 from './migrations/0016-vendor-call-context-index-scans';
import * as m0017 from './migrations/0017-vendor-transactions-round-index';
import * as m0018 from './migrations/0018-vendor-bet-refusals';
import * as m0019 from './migrations/0019-drop-games-search-text';
import * as m0020 from './migrations/0020-two-factor';
import * as m0021 from './migrations/0021-gateway-deposit-expiry';
import * as m0022 from './migrations/0022-operators';
import * as m0023 from './migrations/0023-member-admin';
import * as m0024 from './migrations/0024-daily-rollups';
import * as m0025 from './migrations/0025-content-admin';
import * as m0026 from './migrations/0026-agent-tree';
import * as m0027 from './migrations/0027-agent-stats';
import * as m0028 from './migrations/0028-agent-contracts';
import * as m0029 from './migrations/0029-game-menus';
import * as m0030 from './migrations/0030-agent-members-index';
import * as m0031 from './migrations/0031-agent-team-figures-indexes';
import * as m0032 from './migrations/0032-cashier-queue-notify';
import * as m0033 from './migrations/0033-app-clock';
import * as m0034 from './migrations/0034-activity-events';
import * as m0035 from './migrations/0035-promotions-rewards';
import * as m0036 from './migrations/0036-vip';
import * as m0037 from './migrations/0037-rebates';
import * as m0038 from './migrations/0038-points-ledger';
import * as m0039 from './migrations/0039-points-mall';
import * as m0040 from './migrations/0040-missions';
import * as m0041 from './migrations/0041-member-devices';
import * as m0042 from './migrations/0042-referrals';
import * as m0043 from './migrations/0043-tickets';
import * as m0044 from './migrations/0044-bonus-spending';
import * as m0045 from './migrations/0045-promotion-ranking-one-per-person';
import * as m0046 from './migrations/0046-programme-ticket-rewards';
import * as m0047 from './migrations/0047-messages';
import * as m0048 from './migrations/0048-chat';
import * as m0049 from './migrations/0049-responsible-play';
import * as m0050 from './migrations/0050-kyc';
import * as m0052 from './migrations/0052-support-answered';
import * as m0053 from './migrations/0053-kyc-object-store';
import * as m0054 from './migrations/0054-bet-path';
import * as m0055 from './migrations/0055-vendor-call-function';
import * as m0056 from './migrations/0056-ledger-events-after-commit';
import * as m0057 from './migrations/0057-vendor-events-after-commit';
import * as m0058 from './migrations/0058-vendor-batch-house-rows-first';
import * as m0059 from './migrations/0059-rate-limit-spent-slots';
import * as m0060 from './migrations/0060-sms-daily-sends';
import * as m0061 from './migrations/0061-operator-password-and-display-name';
import * as m0062 from './migrations/0062-adjustment-request-ids';
import * as m0063 from './migrations/0063-bank-account-rejection';
import * as m0064 from './migrations/0064-bonus-balance-events';
import * as m0065 from './migrations/0065-contract-pay-cap';
import * as m0066 from './migrations/0066-agent-referral-links';
import * as m0067 from './migrations/0067-agent-member-days-ngr';
import * as m0068 from './migrations/0068-statement-holds';
import * as m0069 from './migrations/0069-vendor-rounds-wins-index';
import * as m0070 from './migrations/0070-brand-invalidation-notify';
import * as m0071 from './migrations/0071-vendor-resettle';
import * as m0072 from './migrations/0072-vendor-round-details';
import * as m0073 from './migrations/0073-game-lobbies';
import * as m0074 from './migrations/0074-net-revenue';
import * as m0080 from './migrations/0080-legal-pages';
import * as m0081 from './migrations/0081-game-popularity';
import * as m0090 from './migrations/0090-ewallet-method';
import * as m0091 from './migrations/0091-registration-acceptances';
import * as m0092 from './migrations/0092-integrations-catalogue-version';
import * as m0093 from './migrations/0093-cash-desk';
import * as m0094 from './migrations/0094-member-name-search';
import * as m0095 from './migrations/0095-risk';
import * as m0096 from './migrations/0096-promotion-audience-caps';
import * as m0097 from './migrations/0097-campaigns';
import * as m0098 from './migrations/0098-work-queue';
import * as m0099 from './migrations/0099-risk-work';
import * as m0100 from './migrations/0100-valid-bet';
import * as m0103 from './migrations/0103-help-categories';
import * as m0104 from './migrations/0104-notice-schedule-segment-names';
import * as m0105 from './migrations/0105-bonus-adjustments';
import * as m0106 from './migrations/0106-risk-backfill';
import * as m0107 from './migrations/0107-game-session-device';
import * as m0110 from './migrations/0110-sportsbook-risk-factor';
import * as m0111 from './migrations/0111-ngr-ranges';
import * as m0112 from './migrations/0112-pvp-integrity-reviews';
import * as m0113 from './migrations/0113-one-house-book';
import * as m0114 from './migrations/0114-agent-settled-days';
import * as m0115 from './migrations/0115-send-keys';
import * as m0116 from './migrations/0116-payee-name-search';
import * as m0117 from './migrations/0117-vip-level-holds';
import * as m0118 from './migrations/0118-visitor-feedback';
import * as m0119 from './migrations/0119-mini-games';
import * as m0120 from './migrations/0120-chatroom';
import * as m0121 from './migrations/0121-game-session-ends';
import * as m0122 from './migrations/0122-feedback-words';
import * as m0123 from './migrations/0123-goodwill-deduction';
import * as m0124 from './migrations/0124-demo-captcha-answer';
import * as m0125 from './migrations/0125-provider-protocols';
import * as m0126 from './migrations/0126-evolution-protocol';
import * as m0127 from './migrations/0127-provider-games-api';
import * as m0128 from './migrations/0128-catalogue-sync';
import * as m0129 from './migrations/0129-ledger-checks';
import * as m0130 from './migrations/0130-payment-providers';
import * as m0131 from './migrations/0131-agent-day-changes';
import * as m0132 from './migrations/0132-report-day-passes';
import * as m0133 from './migrations/0133-report-member-games';
import * as m0134 from './migrations/0134-pvp-linked-accounts-flag';

// Numbered migrations, listed explicitly so bundling and tests never depend on reading a folder.
// Add new ones at the end with the next number; never edit one that has landed.
export const migrations: Record<string, Migration> = {
  '0001-foundation': m0001,
  '0002-password-resets': m0002,
  '0003-ledger-holds': m0003,
  '0004-cashier': m0004,
  '0005-favourites': m0005,
  '0006-game-sessions-rounds': m0006,
  '0007-games-catalogue-version': m0007,
  '0010-ledger-post-function': m0010,
  '0011-ledger-account-create-race': m0011,
  '0012-ledger-post-batch': m0012,
  '0013-cache-invalidation-notify': m0013,
  '0014-vendor-call-context': m0014,
  '0015-vendor-record-functions': m0015,
  '0016-vendor-call-context-index-scans': m0016,
  '0017-vendor-transactions-round-index': m0017,
  '0018-vendor-bet-refusals': m0018,
  '0019-drop-games-search-text': m0019,
  '0020-two-factor': m0020,
  '0021-gateway-deposit-expiry': m0021,
  '0022-operators': m0022,
  '0023-member-admin': m0023,
  '0024-daily-rollups': m0024,
  '0025-content-admin': m0025,
  '0026-agent-tree': m0026,
  '0027-agent-stats': m0027,
  '0028-agent-contracts': m0028,
  '0029-game-menus': m0029,
  '0030-agent-members-index': m0030,
  '0031-agent-team-figures-indexes': m0031,
  '0032-cashier-queue-notify': m0032,
  '0033-app-clock': m0033,
  '0034-activity-events': m0034,
  '0035-promotions-rewards': m0035,
  '0036-vip': m0036,
  '0037-rebates': m0037,
  '0038-points-ledger': m0038,
  '0039-points-mall': m0039,
  '0040-missions': m0040,
  '0041-member-devices': m0041,
  '0042-referrals': m0042,
  '0043-tickets': m0043,
  '0044-bonus-spending': m0044,
  '0045-promotion-ranking-one-per-person': m0045,
  '0046-programme-ticket-rewards': m0046,
  '0047-messages': m0047,
  '0048-chat': m0048,
  '0049-responsible-play': m0049,
  '0050-kyc': m0050,
  '0052-support-answered': m0052,
  '0053-kyc-object-store': m0053,
  '0054-bet-path': m0054,
  '0055-vendor-call-function': m0055,
  '0056-ledger-events-after-commit': m0056,
  '0057-vendor-events-after-commit': m0057,
  '0058-vendor-batch-house-rows-first': m0058,
  '0059-rate-limit-spent-slots': m0059,
  '0060-sms-daily-sends': m0060,
  '0061-operator-password-and-display-name': m0061,
  '0062-adjustment-request-ids': m0062,
  '0063-bank-account-rejection': m0063,
  '0064-bonus-balance-events': m0064,
  '0065-contract-pay-cap': m0065,
  '0066-agent-referral-links': m0066,
  '0067-agent-member-days-ngr': m0067,
  '0068-statement-holds': m0068,
  '0069-vendor-rounds-wins-index': m0069,
  '0070-brand-invalidation-notify': m0070,
  '0071-vendor-resettle': m0071,
  '0072-vendor-round-details': m0072,
  '0073-game-lobbies': m0073,
  '0074-net-revenue': m0074,
  '0080-legal-pages': m0080,
  '0081-game-popularity': m0081,
  '0090-ewallet-method': m0090,
  '0091-registration-acceptances': m0091,
  '0092-integrations-catalogue-version': m0092,
  '0093-cash-desk': m0093,
  '0094-member-name-search': m0094,
  '0095-risk': m0095,
  '0096-promotion-audience-caps': m0096,
  '0097-campaigns': m0097,
  '0098-work-queue': m0098,
  '0099-risk-work': m0099,
  '0100-valid-bet': m0100,
  '0103-help-categories': m0103,
  '0104-notice-schedule-segment-names': m0104,
  '0105-bonus-adjustments': m0105,
  '0106-risk-backfill': m0106,
  '0107-game-session-device': m0107,
  '0110-sportsbook-risk-factor': m0110,
  '0111-ngr-ranges': m0111,
  '0112-pvp-integrity-reviews': m0112,
  '0113-one-house-book': m0113,
  '0114-agent-settled-days': m0114,
  '0115-send-keys': m0115,
  '0116-payee-name-search': m0116,
  '0117-vip-level-holds': m0117,
  '0118-visitor-feedback': m0118,
  '0119-mini-games': m0119,
  '0120-chatroom': m0120,
  '0121-game-session-ends': m0121,
  '0122-feedback-words': m0122,
  '0123-goodwill-deduction': m0123,
  '0124-demo-captcha-answer': m0124,
  '0125-provider-protocols': m0125,
  '0126-evolution-protocol': m0126,
  '0127-provider-games-api': m0127,
  '0128-catalogue-sync': m0128,
  '0129-ledger-checks': m0129,
  '0130-payment-providers': m0130,
  '0131-agent-day-changes': m0131,
  '0132-report-day-passes': m0132,
  '0133-report-member-games': m0133,
  '0134-pvp-linked-accounts-flag': m0134,
};

class ListedMigrations implements MigrationProvider {
  constructor(private readonly listed: Record<string, Migration>) {}
  async getMigrations() {
    return this.listed;
  }
}

/** What a start found: the migrations it ran, and those the database had run that this code does not know. */
export type MigrationOutcome = { ran: string[]; unknown: string[] };

// biome-ignore lint/suspicious/noExplicitAny: the migrator works on any schema
async function executedMigrations(db: Kysely<any>): Promise<string[]> {
  const table = await sql<{ found: string | null }>`SELECT to_regclass('kysely_migration')::text AS found`.execute(db);
  if (!table.rows[0]?.found) return [];
  const rows = await sql<{ name: string }>`SELECT name FROM kysely_migration`.execute(db);
  return rows.rows.map((r) => r.name);
}

/**
 * Runs every listed migration the database has not run, in name order. Numbers are handed out
 * ahead to work done side by side, so a number can land after higher ones a database has already
 * run (0036 after 0039): it is then run too, instead of the start being refused. Each migration
 * therefore stands on the ones below its number only.
 *
 * A database may be ahead of this code: during a rolling upgrade the new version migrates first
 * while nodes of the previous one still start and serve (docs/operations.md "Upgrades"). Migrations
 * only expand until a contract step that nothing of the previous version reads, so a database that
 * has run every migration this code knows serves it, whatever else it ran. Kysely's migrator
 * refuses such a database ("previously executed migration ... is missing"), so it is asked only
 * when a known migration is pending; a database that is ahead and misses a known one is refused,
 * since running an older migration over a newer schema is nothing anyone has tested.
 */
export async function migrateToLatest(
  // biome-ignore lint/suspicious/noExplicitAny: the migrator works on any schema
  db: Kysely<any>,
  listed: Record<string, Migration> = migrations,
): Promise<MigrationOutcome> {
  const known = (ran: string[]) => {
    const done = new Set(ran);
    return {
      pending: Object.keys(listed).filter((name) => !done.has(name)),
      unknown: ran.filter((name) => !Object.hasOwn(listed, name)).sort(),
    };
  };
  const before = known(await executedMigrations(db));
  if (before.pending.length === 0) return { ran: [], unknown: before.unknown };
  if (before.unknown.length > 0) throw aheadAndBehind(before);

  const migrator = new Migrator({ db, provider: new ListedMigrations(listed), allowUnorderedMigrations: true });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    // A newer node may have migrated between the look above and the migrator's lock: its
    // migrations are then unknown here, which is the case above, not a failure of this start.
    const after = known(await executedMigrations(db));
    if (!failed && after.unknown.length > 0) {
      if (after.pending.length === 0) return { ran: [], unknown: after.unknown };
      throw aheadAndBehind(after);
    }
    throw new Error(`Migration ${failed?.migrationName ?? ''} failed: ${String(error)}`, { cause: error });
  }
  return {
    ran: (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName),
    unknown: [],
  };
}

function aheadAndBehind({ pending, unknown }: { pending: string[]; unknown: string[] }): Error {
  return new Error(
    `The database ran migrations this version does not know (${unknown.join(', ')}) but not ${pending.join(', ')}, ` +
      'which it does know: start the newest version first, so that it migrates',
  );
}
