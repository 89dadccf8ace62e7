import { z } from 'zod';
import { ANNOUNCEMENT_TYPES, BANNER_GROUPS, NOTICE_PAGE_SIZE } from '../constants';
import { PageQuery, paged } from './common';

// Site area: whole-site states, brand configuration, permission info and home-page content
// (spec §2 whole-site states, §3 entities, §7 system calls).

/** spec §2: 0 normal, 1 maintenance, 2 region restriction; maintenance wins over restriction. */
export const SystemStatus = z.object({
  systemStatus: z.union([z.literal(0), z.literal(1), z.literal(2)]),
  /** Maintenance title and text written by the operator; empty unless systemStatus is 1. */
  title: z.string(),
  info: z.string(),
  ip: z.string(),
  /** ISO country code from the offline IP database; null for private or unknown addresses. */
  country: z.string().nullable(),
  customerServiceUrl: z.string(),
});
export type SystemStatus = z.infer<typeof SystemStatus>;

/** Value of the SYSTEM_MAINTENANCE (503) and REGION_RESTRICTED (403) refusals. */
export const MaintenanceValue = z.object({ title: z.string(), info: z.string() });
export const RegionRestrictedValue = z.object({ ip: z.string() });

export type WhitelabelNode = {
  modId: string;
  name: string;
  enabled: '1' | '0';
  childrenNodes: WhitelabelNode[];
};
export const WhitelabelNode: z.ZodType<WhitelabelNode> = z.object({
  modId: z.string(),
  name: z.string(),
  enabled: z.enum(['1', '0']),
  get childrenNodes() {
    return z.array(WhitelabelNode);
  },
});

export const Whitelabel = z.object({
  whitelabelVal: z.array(WhitelabelNode),
  /** The same switches flattened: { COMM3: true, ... }. */
  switches: z.record(z.string(), z.boolean()),
});
export type Whitelabel = z.infer<typeof Whitelabel>;

export const DomainRoute = z.record(z.string(), z.string());

export const HelpCategory = z.object({
  category: z.string(),
  items: z.array(z.object({ id: z.number().int(), title: z.string(), content: z.string() })),
});
export const HelpCenter = z.array(HelpCategory);

export const Resource = z.object({
  resourceType: z.string(),
  name: z.string(),
  labelNameEn: z.string(),
  url: z.string(),
});
export const ResourceList = z.array(Resource);
export type Resource = z.infer<typeof Resource>;

/** spec §3 permission info. */
export const PermissionInfo = z.object({
  domainRoute: DomainRoute,
  resources: ResourceList,
  whitelabelVal: z.array(WhitelabelNode),
  register: z.object({
    usernameReg: z.boolean(),
    mobileReg: z.boolean(),
    mobileVerify: z.boolean(),
    mobilePasswordReg: z.boolean(),
    directReg: z.boolean(),
    smsLogin: z.boolean(),
    changePassVerify: z.boolean(),
    freePlay: z.boolean(),
  }),
  mainDomain: z.string(),
  analytics: z.object({ gtagId: z.string() }),
  imageCDNs: z.array(z.string()),
  launchGameCDNs: z.array(z.string()),
  maintenance: z.boolean(),
  /** Whether this visitor is refused by the region rules. */
  regionRestriction: z.boolean(),
  location: z.object({ ip: z.string(), country: z.string().nullable() }),
});
export type PermissionInfo = z.infer<typeof PermissionInfo>;

/** spec §3 site config. */
export const SiteConfig = z.object({
  platform: z.string(),
  merchantCode: z.string(),
  lotteryType: z.string(),
  defaultLanguage: z.string(),
  supportedLanguages: z.array(z.string()),
  currency: z.string(),
  currencySymbol: z.string(),
  siteName: z.string(),
  minAge: z.number().int(),
  birthdayCheckAge: z.number().int(),
  mobileDigits: z.number().int(),
  customerServiceUrl: z.string(),
  smsExpiredMinutes: z.number().int(),
  challengeEnabled: z.boolean(),
  /** Ask visitors for cookie consent (brand setting cookieConsentBanner). */
  cookieConsentBanner: z.boolean(),
});
export type SiteConfig = z.infer<typeof SiteConfig>;

export const CountryCode = z.object({
  countryCode: z.string(),
  countryDialingCode: z.string(),
  name: z.string(),
  mobileDigits: z.number().int(),
});
export const CountryCodeList = z.array(CountryCode);

/** A public RSA JWK for RSA-OAEP-256 with its kid (api-conventions: Encrypted payloads). */
export const PublicKey = z.object({
  kty: z.string(),
  kid: z.string(),
  alg: z.string(),
  use: z.string(),
  n: z.string(),
  e: z.string(),
});
export type PublicKey = z.infer<typeof PublicKey>;
export const PublicKeys = z.object({ keys: z.array(PublicKey) });

const LanguageCode = z.string().trim().toUpperCase().max(10);

export const BannerQuery = z.object({
  groupName: z.enum(BANNER_GROUPS).default('w_home'),
  language: LanguageCode.optional(),
});
export const Banner = z.object({
  id: z.number().int(),
  url: z.string(),
  linkageType: z.string().nullable(),
  linkUrl: z.string().nullable(),
  groupName: z.string(),
  title: z.string(),
});
export const BannerList = z.array(Banner);
export type Banner = z.infer<typeof Banner>;

export const NoticeQuery = PageQuery.extend({
  pageSize: z.coerce.number().int().min(1).max(100).default(NOTICE_PAGE_SIZE),
});
export const Notice = z.object({
  id: z.number().int(),
  title: z.string(),
  content: z.string(),
  createdAt: z.string(),
  /** When the notice began to show (its scheduled start); the site lists it only until its end. */
  startsAt: z.string(),
});
export const NoticePage = paged(Notice);

const typeList = z
  .string()
  .max(100)
  .transform((s, ctx) => {
    const types = [...new Set(s.split(',').map((t) => t.trim().toUpperCase()))].filter(Boolean);
    for (const t of types) {
      if (!(ANNOUNCEMENT_TYPES as readonly string[]).includes(t)) {
        ctx.addIssue({ code: 'custom', message: `unknown announcement type ${t}` });
        return z.NEVER;
      }
    }
    return types as (typeof ANNOUNCEMENT_TYPES)[number][];
  });

/** spec §7 MCSFE_getListAnnouncements: types 'B,PL,PU,PR,H', platform W. */
export const AnnouncementQuery = z.object({
  types: typeList.default(['B', 'PL', 'PU', 'PR', 'H']),
  platform: z.string().trim().max(10).default('W'),
  language: LanguageCode.optional(),
  execution: z.string().trim().max(10).optional(),
});

export const Announcement = z.object({
  id: z.number().int(),
  title: z.string(),
  content: z.string(),
  promotionType: z.string().nullable(),
  execution: z.string(),
  type: z.string(),
  audience: z.string(),
});
export type Announcement = z.infer<typeof Announcement>;

export const AnnouncementLists = z.object({
  banners: BannerList,
  player: z.array(Announcement),
  popup: z.array(Announcement),
  promotion: z.array(Announcement),
});
export type AnnouncementLists = z.infer<typeof AnnouncementLists>;

/** Demo outbox (api-conventions: SMS and mail), newest first. */
export const OutboxEntry = z.object({
  channel: z.enum(['sms', 'email']),
  to: z.string(),
  text: z.string(),
  code: z.string().nullable(),
  createdAt: z.string(),
});
export const OutboxList = z.array(OutboxEntry);
export type OutboxEntry = z.infer<typeof OutboxEntry>;
