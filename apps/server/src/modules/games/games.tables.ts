import type { GamesApiSettings } from '@gamehall/shared/api/admin-games';
import type { ColumnType, Generated } from 'kysely';
import type { CreatedAt, Id, Json, Timestamp } from '../../db/schema';

// Kysely types of the game catalogue (vendors, categories, games), the players' favourites, the
// vendors' integration settings and the game launch sessions, declared beside the games queries that
// write them (merged into the Database interface of db/schema.ts).

declare module '../../db/schema' {
  interface Database {
    vendors: VendorsTable;
    vendor_game_types: VendorGameTypesTable;
    game_menu_categories: GameMenuCategoriesTable;
    games: GamesTable;
    favourite_games: FavouriteGamesTable;
    vendor_integrations: VendorIntegrationsTable;
    game_sessions: GameSessionsTable;
    catalogue_syncs: CatalogueSyncsTable;
  }
}

export interface VendorsTable {
  code: string;
  name: string;
  status: Generated<'active' | 'maintenance' | 'hidden'>;
  sort: Generated<number>;
  /** The announced end of a maintenance (migration 0098); null: none, or until further notice. */
  maintenance_until: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
}

export interface VendorGameTypesTable {
  vendor_code: string;
  game_type: string;
  account_type_name: string;
  is_game: string | null;
  sort: Generated<number>;
  /** Shown under this category in the game menu (migration 0029). */
  enabled: Generated<boolean>;
}

/** The game menu's categories: their order and whether they show (migration 0029). */
export interface GameMenuCategoriesTable {
  game_type: string;
  sort: Generated<number>;
  enabled: Generated<boolean>;
}

export interface GamesTable {
  node_id: Id;
  vendor_code: string;
  game_type: string;
  game_code: string;
  name: string;
  names: Json<Record<string, string>>;
  sub_category: string | null;
  /** Among the most played of the last days (migration 0081): kept by the job games.popularity only. */
  is_hot: Generated<boolean>;
  sort: Generated<number>;
  status: Generated<'active' | 'maintenance' | 'hidden'>;
  min_bet: Generated<number>;
  min_line_num: Generated<number>;
  art_seed: number;
  /** The game a vendor lobby opens (migration 0073): in the catalogue, never a tile of the lists. */
  lobby: Generated<boolean>;
  /** Distinct players in the rounds of the last HOT_WINDOW_DAYS days (migration 0081, job games.popularity). */
  recent_players: Generated<number>;
  /** The provider's picture of the game (an https address, catalogue sync, migration 0128); null: the art. */
  image_url: ColumnType<string | null, string | null | undefined, string | null>;
  /** Return to player in hundredths of a percent, where the provider's list gives it; null: unknown. */
  rtp_hundredths: ColumnType<number | null, number | null | undefined, number | null>;
  /** Why a catalogue sync took the game out of play; null: it did not (the status is the operator's). */
  provider_hold: ColumnType<
    'disabled' | 'removed' | null,
    'disabled' | 'removed' | null | undefined,
    'disabled' | 'removed' | null
  >;
  created_at: CreatedAt;
}

/** Every catalogue sync of a vendor (migration 0128): by an operator (their username) or the schedule. */
export interface CatalogueSyncsTable {
  id: Id;
  vendor_code: string;
  at: CreatedAt;
  by_username: string | null;
  added: number;
  updated: number;
  held: number;
  released: number;
  error: string | null;
}

export interface FavouriteGamesTable {
  member_id: number;
  node_id: number;
  created_at: CreatedAt;
}

export interface VendorIntegrationsTable {
  vendor_code: string;
  secret: string;
  launch_url: string;
  wallet_mode: Generated<'seamless' | 'transfer'>;
  currency: Generated<string>;
  allowed_ips: ColumnType<string[], string[] | undefined, string[]>;
  enabled: Generated<boolean>;
  /** The wallet protocol the vendor calls in (migration 0125; docs/game-providers.md). */
  protocol: Generated<'gamehall' | 'caleta' | 'evolution'>;
  /** The provider's RSA public key (PEM) its signed calls are checked with; null: none given yet. */
  provider_public_key: ColumnType<string | null, string | null | undefined, string | null>;
  /** Where the provider's Games API is and who the operator is there (migration 0127); null: none. */
  games_api: ColumnType<GamesApiSettings | null, string | null | undefined, string | null>;
  /** The operator's RSA key pair (PEM) the Games API calls are signed with; null: none generated. */
  operator_private_key: ColumnType<string | null, string | null | undefined, string | null>;
  operator_public_key: ColumnType<string | null, string | null | undefined, string | null>;
  /** How often the catalogue syncs itself from the provider's list, in hours; null: only by hand. */
  catalogue_sync_hours: ColumnType<number | null, number | null | undefined, number | null>;
  updated_at: Timestamp;
}

export interface GameSessionsTable {
  id: Id;
  token_hash: string;
  member_id: number | null;
  trial: Generated<boolean>;
  vendor_code: string;
  node_id: number;
  game_code: string;
  currency: string;
  language: Generated<string>;
  created_at: CreatedAt;
  expires_at: Date | string;
  /** The SHA-256 of the launching device's X-Device-Id (migration 0107); null: none was sent. */
  device_hash: ColumnType<string | null, string | null | undefined, string | null>;
  /** The member session that launched it (migration 0121); null: a guest's trial, or older. */
  session_id: ColumnType<number | null, number | null | undefined, number | null>;
  /** When its member session was revoked (set by migration 0121's trigger); null: not ended so. */
  ended_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  /** When the house studio was told of the end (job games.sessionEnds). */
  end_sent_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  /** The session whose token replaced this one (a protocol's token swap, migration 0125); null: none. */
  replaced_by: ColumnType<number | null, number | null | undefined, number | null>;
}
