import { z } from 'zod';
import { GAME_TYPES, SLOT_SUB_CATEGORIES } from '../constants';
import { gridQuery, QueryFlag } from './admin-content';
import { grid } from './operators';
import { ReconciliationValue, VendorCodeField } from './vendor';

// The back office's games screens: vendors with their wallet integration, the
// catalogue, and the per-vendor daily reconciliation. Catalogue writes bump catalogue_version
// (migration 0007 triggers), so every node's lobby drops a hidden game at its next list call.

export const CatalogueStatus = z.enum(['active', 'maintenance', 'hidden']);
export type CatalogueStatus = z.infer<typeof CatalogueStatus>;
export const WalletMode = z.enum(['seamless', 'transfer']);
/**
 * The wallet protocol the vendor calls in: the platform's own signed /vendor/wallet/* (gamehall),
 * or an outside provider's published one at /providers/<protocol>/<vendor>/ (docs/game-providers.md).
 */
export const WalletProtocol = z.enum(['gamehall', 'caleta', 'evolution']);
export type WalletProtocol = z.infer<typeof WalletProtocol>;
/** An RSA public key in PEM (SPKI "BEGIN PUBLIC KEY" or PKCS#1 "BEGIN RSA PUBLIC KEY"). */
export const PublicKeyPem = z
  .string()
  .trim()
  .max(4000)
  .regex(/^-----BEGIN (RSA )?PUBLIC KEY-----\r?\n[A-Za-z0-9+/=\r\n]+-----END (RSA )?PUBLIC KEY-----$/, {
    message: 'INVALID',
  });

/** An IPv4 or IPv6 address as the gateway compares it (exact match, no ranges). */
export const IpAddress = z.union([z.ipv4(), z.ipv6()], { error: () => ({ message: 'INVALID' }) });

/** An address games open at or a provider answers on: https, or http on loopback (a local simulator). */
const ProviderAddress = z
  .url({ protocol: /^https?$/ })
  .max(300)
  .refine((u) => u.startsWith('https://') || /^http:\/\/(127\.0\.0\.1|localhost|\[::1\])(:|\/|$)/.test(u), {
    message: 'INVALID',
  });

/** Caleta's Games API: where it is and who the operator is there (operator_id, sub_partner_id). */
export const CaletaGamesApi = z
  .object({
    url: ProviderAddress,
    operatorId: z.number().int().min(1).max(2_147_483_647),
    subPartnerId: z.string().trim().min(1).max(64).nullable(),
  })
  .strict();

/** Evolution's User Authentication API: its host, and the casino key and API token it gave. */
export const EvolutionGamesApi = z
  .object({
    url: ProviderAddress,
    casinoKey: z
      .string()
      .trim()
      .regex(/^[A-Za-z0-9_-]{1,64}$/, { message: 'INVALID' }),
    apiToken: z
      .string()
      .trim()
      .regex(/^[A-Za-z0-9_-]{8,128}$/, { message: 'INVALID' }),
  })
  .strict();

/**
 * Where a provider's Games API is and the operator's credentials there, in its protocol's shape
 * (caleta or evolution; the integration's protocol decides which it must be).
 */
export const GamesApiSettings = z.union([CaletaGamesApi, EvolutionGamesApi]);
export type GamesApiSettings = z.infer<typeof GamesApiSettings>;
export type CaletaGamesApi = z.infer<typeof CaletaGamesApi>;
export type EvolutionGamesApi = z.infer<typeof EvolutionGamesApi>;

/** The Games API as the console reads it: Evolution's API token is a credential and is never shown. */
export const GamesApiView = z.union([
  CaletaGamesApi,
  EvolutionGamesApi.omit({ apiToken: true }).extend({ apiTokenSet: z.boolean() }).strict(),
]);
export type GamesApiView = z.infer<typeof GamesApiView>;

/** One sync, by an operator (`by`: their username) or the schedule (`by`: null). */
export const CatalogueSyncRun = z.object({
  id: z.number().int(),
  at: z.string(),
  by: z.string().nullable(),
  added: z.number().int(),
  updated: z.number().int(),
  held: z.number().int(),
  released: z.number().int(),
  /** Why a scheduled sync did not apply (the provider did not answer); null when it applied. */
  error: z.string().nullable(),
});
export type CatalogueSyncRun = z.infer<typeof CatalogueSyncRun>;

export const AdminVendor = z.object({
  code: z.string(),
  name: z.string(),
  /** active: in the lobby; maintenance: shown, games cannot launch; hidden: gone from the site. */
  status: CatalogueStatus,
  /** While in maintenance: its announced end (players are told it); null until further notice. */
  maintenanceUntil: z.string().nullable(),
  /**
   * The provider fee the net revenue report deducts: parts per million of the vendor's GGR (brand
   * setting agentNgr.providerFeePpm; 0 when none is set).
   */
  providerFeePpm: z.number().int(),
  sort: z.number().int(),
  gameCount: z.number().int(),
  /**
   * Games players can launch now: active games while the vendor is active, 0 while it is in
   * maintenance or hidden (what the site's vendor chip plays).
   */
  activeGameCount: z.number().int(),
  /** Games players see listed (not hidden; maintained ones marked), 0 while the vendor is hidden. */
  listedGameCount: z.number().int(),
  /** The wallet integration (vendor_integrations); null when the vendor has none. */
  integration: z
    .object({
      enabled: z.boolean(),
      walletMode: WalletMode,
      currency: z.string(),
      launchUrl: z.string(),
      allowedIps: z.array(z.string()),
      protocol: WalletProtocol,
      /** The provider's public key its signed calls are checked with (null: none given yet). */
      providerPublicKey: z.string().nullable(),
      /** The provider's Games API (launch, game list, round details); null: games launch by address. */
      gamesApi: GamesApiView.nullable(),
      /** The public half of the operator's key pair, to send the provider (null: none generated). */
      operatorPublicKey: z.string().nullable(),
      /** How often the catalogue is synced from the provider's game list by itself (null: only by hand). */
      catalogueSyncHours: z.number().int().nullable(),
      /** The last catalogue sync, by hand or by the schedule (null: never). */
      lastCatalogueSync: CatalogueSyncRun.nullable(),
      updatedAt: z.string(),
    })
    .nullable(),
});
export type AdminVendor = z.infer<typeof AdminVendor>;
export const AdminVendorList = z.object({ list: z.array(AdminVendor) });
export const VendorParams = z.object({ code: VendorCodeField });

/** Only the fields sent change. */
export const AdminVendorBody = z
  .object({
    status: CatalogueStatus.optional(),
    /**
     * The maintenance's announced end, in the future (ISO with offset), or null for until further
     * notice. Only with status maintenance (sent now, or the vendor's already); another status
     * clears it. At that time the vendor goes back to active by itself.
     */
    maintenanceUntil: z.iso.datetime({ offset: true }).nullable().optional(),
    /** The provider fee, parts per million of the vendor's GGR (0 to 1,000,000; 0: none). */
    providerFeePpm: z.number().int().min(0).max(1_000_000).optional(),
    sort: z.number().int().min(0).max(1_000_000).optional(),
    /** The wallet integration switched on or off (calls from the vendor answer ERROR_VENDOR_DISABLED). */
    integrationEnabled: z.boolean().optional(),
    walletMode: WalletMode.optional(),
    /** Addresses the vendor may call from; empty: any. */
    allowedIps: z.array(IpAddress).max(50).optional(),
    protocol: WalletProtocol.optional(),
    /** The provider's RSA public key for a protocol it signs (caleta); null removes it. */
    providerPublicKey: PublicKeyPem.nullable().optional(),
    /**
     * The provider's Games API for a protocol that has one, in its shape (caleta, evolution); null
     * removes it. A change of protocol without one removes the old protocol's.
     */
    gamesApi: GamesApiSettings.nullable().optional(),
    /**
     * Sync the catalogue from the provider's game list every so many hours (one of
     * CATALOGUE_SYNC_HOURS; needs a Games API); null: only by hand.
     */
    catalogueSyncHours: z
      .number()
      .int()
      .refine((h) => (CATALOGUE_SYNC_HOURS as readonly number[]).includes(h), { message: 'INVALID' })
      .nullable()
      .optional(),
  })
  .strict();
export type AdminVendorBody = z.infer<typeof AdminVendorBody>;

/** The schedules a catalogue sync can run on: every 6 hours, daily, weekly. */
export const CATALOGUE_SYNC_HOURS = [6, 24, 168] as const;

/**
 * A vendor the operator connects: an outside provider or aggregator on one of the protocols. It
 * starts with no games (the catalogue sync, or the provider's own list, brings them) and a fresh
 * secret; the rest of its integration (keys, Games API, addresses) is set as for any vendor.
 */
export const AdminVendorCreateBody = z
  .object({
    /** Upper-case letters, digits and underscores: the code the provider's calls carry in their path. */
    code: z.string().regex(/^[A-Z][A-Z0-9_]{1,15}$/, { message: 'INVALID' }),
    name: z.string().trim().min(2).max(60),
    protocol: WalletProtocol,
    /** Where its games open when it has no Games API (the token is added to this address). */
    launchUrl: ProviderAddress,
  })
  .strict();
export type AdminVendorCreateBody = z.infer<typeof AdminVendorCreateBody>;

// ---- the catalogue sync from a provider's game list (docs/game-providers.md "The catalogue sync")

/** A game of the provider's list that the catalogue does not have yet. */
export const CatalogueSyncGame = z.object({
  gameCode: z.string(),
  name: z.string(),
  /** The provider's category, and the game type (menu) it is filed under. */
  category: z.string(),
  gameType: z.enum(GAME_TYPES),
  enabled: z.boolean(),
  imageUrl: z.string().nullable(),
  /** Return to player in percent, where the provider gives it. */
  rtp: z.number().nullable(),
});
export type CatalogueSyncGame = z.infer<typeof CatalogueSyncGame>;

const CatalogueSyncField = z.enum(['name', 'imageUrl', 'rtp']);
/** A game the catalogue has whose name, image or RTP the provider's list changes. */
export const CatalogueSyncChange = z.object({
  nodeId: z.number().int(),
  gameCode: z.string(),
  name: z.string(),
  changes: z.array(z.object({ field: CatalogueSyncField, from: z.string().nullable(), to: z.string().nullable() })),
});
/**
 * A game the sync takes out of play: `disabled` (the provider switched it off: in maintenance) or
 * `removed` (no longer in the list: hidden).
 */
export const CatalogueSyncHold = z.object({
  nodeId: z.number().int(),
  gameCode: z.string(),
  name: z.string(),
  reason: z.enum(['disabled', 'removed']),
});
/** A game an earlier sync took out of play that the provider offers again: back to active. */
export const CatalogueSyncRelease = z.object({ nodeId: z.number().int(), gameCode: z.string(), name: z.string() });

/** What a sync would change, shown before it applies; `digest` names this exact change. */
export const CatalogueSyncPreview = z.object({
  code: z.string(),
  digest: z.string(),
  /** Games in the provider's list, and entries of it that are not games the platform can list. */
  listed: z.number().int(),
  skipped: z.number().int(),
  add: z.array(CatalogueSyncGame),
  update: z.array(CatalogueSyncChange),
  hold: z.array(CatalogueSyncHold),
  release: z.array(CatalogueSyncRelease),
  unchanged: z.number().int(),
});
export type CatalogueSyncPreview = z.infer<typeof CatalogueSyncPreview>;

/** Applies the previewed change; refused (CATALOGUE_SYNC_CHANGED) when the list has changed since. */
export const CatalogueSyncApplyBody = z.object({ digest: z.string().regex(/^[0-9a-f]{64}$/) }).strict();

export const CatalogueSyncRunList = z.object({ list: z.array(CatalogueSyncRun) });

export const VendorOrderBody = z.object({ codes: z.array(VendorCodeField).min(1).max(500) });

/** The operator's new key pair: its public half, to send the provider (the private half stays). */
export const AdminOperatorKey = z.object({ code: z.string(), publicKey: z.string() });

/** The new secret, shown this once; the old one stops working at once. */
export const AdminVendorSecret = z.object({ code: z.string(), secret: z.string() });

// ---- catalogue

export const AdminGame = z.object({
  nodeId: z.number().int(),
  vendorCode: z.string(),
  vendorName: z.string(),
  gameType: z.string(),
  gameCode: z.string(),
  name: z.string(),
  subCategory: z.string().nullable(),
  /** Among the most played of the last days (docs/games.md "Popular and hot"): computed, never set here. */
  isHot: z.boolean(),
  /** Distinct players in the rounds of the last HOT_WINDOW_DAYS days. */
  recentPlayers: z.number().int(),
  sort: z.number().int(),
  status: CatalogueStatus,
  vendorStatus: CatalogueStatus,
  iconUrl: z.string(),
});
export type AdminGame = z.infer<typeof AdminGame>;

export const AdminGameQuery = gridQuery(
  ['sort', 'name', 'nodeId', 'vendorCode', 'gameType', 'createdAt'],
  'sort',
).extend({
  q: z.string().trim().max(100).optional(),
  vendor: VendorCodeField.optional(),
  gameType: z.enum(GAME_TYPES).optional(),
  status: CatalogueStatus.optional(),
  hot: QueryFlag.optional(),
  subCategory: z.string().trim().max(20).optional(),
});
export type AdminGameQuery = z.infer<typeof AdminGameQuery>;
export const AdminGameList = grid(AdminGame);
export const GameParams = z.object({ nodeId: z.coerce.number().int().min(1).max(Number.MAX_SAFE_INTEGER) });

export const SubCategory = z.enum(SLOT_SUB_CATEGORIES);
/** Only the fields sent change. */
export const AdminGameBody = z
  .object({
    status: CatalogueStatus.optional(),
    sort: z.number().int().min(0).max(1_000_000).optional(),
    /** Slot sub-category (SC, VP, JP, TG, AC, BG) or null for none. */
    subCategory: SubCategory.nullable().optional(),
  })
  .strict();
export type AdminGameBody = z.infer<typeof AdminGameBody>;

/** The most games one bulk change names (a page of the catalogue grid, selected). */
export const BULK_GAMES_MAX = 500;

/**
 * Hide or show many games in one action (the catalogue grid's selection): hidden takes each off
 * every list and launch, active brings it back. Each id once; unknown ids refuse the whole change.
 */
export const AdminGamesStatusBody = z
  .object({
    nodeIds: z
      .array(z.number().int().positive())
      .min(1)
      .max(BULK_GAMES_MAX)
      .refine((ids) => new Set(ids).size === ids.length, { params: { reason: 'DUPLICATE' } }),
    status: z.enum(['active', 'hidden']),
  })
  .strict();
export type AdminGamesStatusBody = z.infer<typeof AdminGamesStatusBody>;

/** What a bulk change did: how many games changed status, and how many already had it. */
export const AdminGamesStatusResult = z.object({ changed: z.number().int(), unchanged: z.number().int() });
export type AdminGamesStatusResult = z.infer<typeof AdminGamesStatusResult>;

// ---- reconciliation

const Day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);
/** One UTC day for every vendor, or a range of days (at most 31) for one vendor. */
export const AdminReconciliationQuery = z
  .object({ from: Day, to: Day.optional(), vendor: VendorCodeField.optional() })
  .superRefine((value, ctx) => {
    const to = value.to ?? value.from;
    const days = (Date.parse(to) - Date.parse(value.from)) / 86_400_000 + 1;
    if (Number.isNaN(days) || days < 1)
      ctx.addIssue({ code: 'custom', path: ['to'], message: 'before from', params: { reason: 'INVALID' } });
    else if (days > 31)
      ctx.addIssue({ code: 'custom', path: ['to'], message: 'at most 31 days', params: { reason: 'TOO_LONG' } });
    else if (days > 1 && !value.vendor)
      ctx.addIssue({
        code: 'custom',
        path: ['vendor'],
        message: 'a range of days is for one vendor',
        params: { reason: 'REQUIRED' },
      });
  });
export type AdminReconciliationQuery = z.infer<typeof AdminReconciliationQuery>;
/** Minor units (as the gateway's reconciliation). `difference` = ledger.net - net: 0 when it matches. */
export const AdminReconciliationRow = ReconciliationValue.extend({ difference: z.number().int() });
export type AdminReconciliationRow = z.infer<typeof AdminReconciliationRow>;
export const AdminReconciliationList = z.object({
  list: z.array(AdminReconciliationRow),
  mismatches: z.number().int(),
  /** The brand's time zone (IANA name) the days are in. */
  timeZone: z.string(),
});

// ---- game menus (what GET /lgw/games/game_menus shows)

/** A vendor as the menu places it under one category. */
export const AdminGameMenuVendor = z.object({
  code: z.string(),
  name: z.string(),
  /** The vendor's own status: hidden vendors never reach the site's menu; maintenance shows, marked. */
  vendorStatus: CatalogueStatus,
  /** Shown under this category. */
  enabled: z.boolean(),
  accountTypeName: z.string(),
  /** Games of the vendor in this category that launch now (0 while the vendor is not active). */
  activeGameCount: z.number().int(),
  /** Games of the vendor in this category that players see listed (0 while the vendor is hidden). */
  listedGameCount: z.number().int(),
});
export type AdminGameMenuVendor = z.infer<typeof AdminGameMenuVendor>;

export const AdminGameMenuCategory = z.object({
  gameType: z.string(),
  enabled: z.boolean(),
  vendors: z.array(AdminGameMenuVendor),
});
export type AdminGameMenuCategory = z.infer<typeof AdminGameMenuCategory>;

/** Every category in menu order, switched-off ones too, each with all its vendors in order. */
export const AdminGameMenus = z.object({ list: z.array(AdminGameMenuCategory) });
export type AdminGameMenus = z.infer<typeof AdminGameMenus>;

const MenuGameType = z
  .string()
  .trim()
  .regex(/^[A-Z0-9_]{1,20}$/);

/**
 * The whole menu, in order: every category GET answered, each with exactly its vendors, in the
 * order wanted, each switched on or off. Anything missing, repeated or unknown refuses the lot.
 */
export const AdminGameMenusBody = z
  .object({
    categories: z
      .array(
        z
          .object({
            gameType: MenuGameType,
            enabled: z.boolean(),
            vendors: z.array(z.object({ code: VendorCodeField, enabled: z.boolean() }).strict()).max(500),
          })
          .strict(),
      )
      .min(1)
      .max(100),
  })
  .strict();
export type AdminGameMenusBody = z.infer<typeof AdminGameMenusBody>;
