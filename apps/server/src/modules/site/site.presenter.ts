import type {
  AdminAnnouncement,
  AdminBanner,
  AdminContentImage,
  AdminHelpArticle,
  AdminNotice,
  AdminRegisterFieldRule,
  AdminResource,
  ScheduleState,
} from '@gamehall/shared/api/admin-content';
import { isSafeLinkUrl } from '@gamehall/shared/api/common';
import type {
  Announcement,
  Banner,
  PermissionInfo,
  PublicKey,
  Resource,
  SiteConfig,
  SystemStatus,
  WhitelabelNode,
} from '@gamehall/shared/api/site';
import type { WhitelabelSwitch } from '@gamehall/shared/constants';
import type { JWK } from 'jose';
import type { Brand } from '../brand/brand.service';

type SwitchRow = { mod_id: string; parent_mod_id: string | null; enabled: boolean; name: string };

/**
 * The switch rows as the spec's tree (modId, enabled '1', childrenNodes). Rows arrive sorted; a row
 * whose parent is missing becomes a root, and a row caught in a parent cycle is left out.
 */
export function presentWhitelabelTree(rows: SwitchRow[]): WhitelabelNode[] {
  const known = new Set(rows.map((r) => r.mod_id));
  const children = new Map<string | null, SwitchRow[]>();
  for (const r of rows) {
    const parent = r.parent_mod_id !== null && known.has(r.parent_mod_id) ? r.parent_mod_id : null;
    const list = children.get(parent) ?? [];
    list.push(r);
    children.set(parent, list);
  }
  const build = (r: SwitchRow): WhitelabelNode => ({
    modId: r.mod_id,
    name: r.name,
    enabled: r.enabled ? '1' : '0',
    childrenNodes: (children.get(r.mod_id) ?? []).map(build),
  });
  return (children.get(null) ?? []).map(build);
}

export function presentSwitches(rows: SwitchRow[]): Record<string, boolean> {
  return Object.fromEntries(rows.map((r) => [r.mod_id, r.enabled]));
}

export function presentStatus(
  brand: Brand,
  state: { maintenance: boolean; restricted: boolean; ip: string; country: string | null },
): SystemStatus {
  return {
    systemStatus: state.maintenance ? 1 : state.restricted ? 2 : 0,
    title: state.maintenance ? brand.maintenance.title : '',
    info: state.maintenance ? brand.maintenance.info : '',
    ip: state.ip,
    country: state.country,
    customerServiceUrl: brand.customerServiceUrl,
  };
}

export function presentResource(r: {
  resource_type: string;
  name: string;
  label_name_en: string;
  url: string;
}): Resource {
  return { resourceType: r.resource_type, name: r.name, labelNameEn: r.label_name_en, url: r.url };
}

export function presentHelpCenter(rows: { id: number; category: string; title: string; content: string }[]) {
  // The rows come by category (the list's order), then by the articles' own order.
  const groups = new Map<string, { id: number; title: string; content: string }[]>();
  for (const r of rows) {
    const items = groups.get(r.category) ?? [];
    items.push({ id: r.id, title: r.title, content: r.content });
    groups.set(r.category, items);
  }
  return [...groups].map(([category, items]) => ({ category, items }));
}

export function presentCountry(r: {
  country_code: string;
  country_dialing_code: string;
  name: string;
  mobile_digits: number;
}) {
  return {
    countryCode: r.country_code,
    countryDialingCode: r.country_dialing_code,
    name: r.name,
    mobileDigits: r.mobile_digits,
  };
}

export function presentBanner(r: {
  id: number;
  group_name: string;
  title: string;
  image_url: string;
  linkage_type: string | null;
  link_url: string | null;
}): Banner {
  // A link stored before operator links were checked is dropped, not put into the page.
  const link = r.link_url && isSafeLinkUrl(r.link_url) ? r.link_url : null;
  return {
    id: r.id,
    url: r.image_url,
    linkageType: link ? r.linkage_type : null,
    linkUrl: link,
    groupName: r.group_name,
    title: r.title,
  };
}

export function presentNotice(r: {
  id: number;
  title: string;
  content: string;
  created_at: Date | string;
  starts_at: Date | string;
}) {
  return {
    id: r.id,
    title: r.title,
    content: r.content,
    createdAt: new Date(r.created_at).toISOString(),
    startsAt: new Date(r.starts_at).toISOString(),
  };
}

export function presentAnnouncement(r: {
  id: number;
  type: string;
  audience: string;
  title: string;
  content: string;
  promotion_type: string | null;
  execution: string;
}): Announcement {
  return {
    id: r.id,
    title: r.title,
    content: r.content,
    promotionType: r.promotion_type,
    execution: r.execution,
    type: r.type,
    audience: r.audience,
  };
}

/** Only the public members of the RSA key, named one by one so a private member can never leak. */
export function presentPublicKey(jwk: JWK): PublicKey {
  return {
    kty: jwk.kty ?? 'RSA',
    kid: jwk.kid ?? '',
    alg: jwk.alg ?? 'RSA-OAEP-256',
    use: jwk.use ?? 'enc',
    n: jwk.n ?? '',
    e: jwk.e ?? '',
  };
}

export function presentSiteConfig(brand: Brand): SiteConfig {
  return {
    platform: brand.platform,
    merchantCode: brand.merchantCode,
    lotteryType: brand.lotteryType,
    defaultLanguage: brand.defaultLanguage,
    supportedLanguages: brand.supportedLanguages,
    currency: brand.currency,
    currencySymbol: brand.currencySymbol,
    siteName: brand.siteName,
    minAge: brand.minAge,
    birthdayCheckAge: brand.birthdayCheckAge,
    mobileDigits: brand.mobileDigits,
    customerServiceUrl: brand.customerServiceUrl,
    smsExpiredMinutes: brand.smsExpiredMinutes,
    challengeEnabled: brand.challengeEnabled,
    cookieConsentBanner: brand.cookieConsentBanner,
  };
}

export function presentPermissionInfo(
  brand: Brand,
  parts: {
    resources: Resource[];
    whitelabelVal: WhitelabelNode[];
    switches: Record<string, boolean>;
    maintenance: boolean;
    restricted: boolean;
    ip: string;
    country: string | null;
  },
): PermissionInfo {
  const on = (name: WhitelabelSwitch) => parts.switches[name] === true;
  return {
    domainRoute: brand.domainRoute,
    resources: parts.resources,
    whitelabelVal: parts.whitelabelVal,
    register: {
      usernameReg: on('USERNAMEREG3'),
      mobileReg: on('MOBILENUMREG3'),
      mobileVerify: on('REGMOBVERF3'),
      mobilePasswordReg: on('MOBILENUMPASSREG3'),
      directReg: on('DIRECTREG3'),
      smsLogin: on('MOBILEVERCODELOGIN3'),
      changePassVerify: on('CHNGPASSVERIF3'),
      freePlay: on('FREEPLAY3'),
    },
    mainDomain: brand.mainDomain,
    analytics: { gtagId: brand.gtagId },
    imageCDNs: brand.imageCDNs,
    launchGameCDNs: brand.launchGameCDNs,
    maintenance: parts.maintenance,
    regionRestriction: parts.restricted,
    location: { ip: parts.ip, country: parts.country },
  };
}

// ---- the back office: content rows as operators edit them

type When = Date | string;

function iso(value: When): string {
  return new Date(value).toISOString();
}
function isoOrNull(value: When | null | undefined): string | null {
  return value === null || value === undefined ? null : iso(value);
}

/** Inside [starts, ends) at `now`; a missing bound is open. */
function inSchedule(now: Date, starts: When | null, ends: When | null): boolean {
  return scheduleState(now, starts, ends) === 'live';
}

/** Before [starts, ends) at `now`, inside it, or after it (a missing bound is open). */
function scheduleState(now: Date, starts: When | null, ends: When | null): ScheduleState {
  const t = now.getTime();
  if (starts !== null && new Date(starts).getTime() > t) return 'scheduled';
  if (ends !== null && new Date(ends).getTime() <= t) return 'ended';
  return 'live';
}

export type BannerRecord = {
  id: number;
  group_name: string;
  title: string;
  image_url: string;
  linkage_type: string | null;
  link_url: string | null;
  language: string | null;
  sort: number;
  active: boolean;
  starts_at: When | null;
  ends_at: When | null;
};

export function presentAdminBanner(r: BannerRecord, now: Date): AdminBanner {
  return {
    id: Number(r.id),
    groupName: r.group_name,
    title: r.title,
    imageUrl: r.image_url,
    linkageType: r.linkage_type,
    linkUrl: r.link_url,
    language: r.language,
    sort: r.sort,
    enabled: r.active,
    startsAt: isoOrNull(r.starts_at),
    endsAt: isoOrNull(r.ends_at),
    live: r.active && inSchedule(now, r.starts_at, r.ends_at),
    schedule: scheduleState(now, r.starts_at, r.ends_at),
  };
}

export type AnnouncementRecord = {
  id: number;
  type: string;
  audience: string;
  title: string;
  content: string;
  promotion_type: string | null;
  execution: string;
  language: string | null;
  sort: number;
  active: boolean;
  starts_at: When;
  ends_at: When | null;
  created_at: When;
};

export function presentAdminAnnouncement(r: AnnouncementRecord, now: Date): AdminAnnouncement {
  return {
    id: Number(r.id),
    type: r.type,
    audience: r.audience,
    popup: r.type === 'PU',
    title: r.title,
    content: r.content,
    promotionType: r.promotion_type,
    execution: r.execution,
    language: r.language,
    sort: r.sort,
    enabled: r.active,
    startsAt: iso(r.starts_at),
    endsAt: isoOrNull(r.ends_at),
    createdAt: iso(r.created_at),
    live: r.active && inSchedule(now, r.starts_at, r.ends_at),
    schedule: scheduleState(now, r.starts_at, r.ends_at),
  };
}

export type NoticeRecord = {
  id: number;
  title: string;
  content: string;
  language: string | null;
  sort: number;
  active: boolean;
  starts_at: When;
  ends_at: When | null;
  created_at: When;
};

export function presentAdminNotice(r: NoticeRecord, now: Date): AdminNotice {
  return {
    id: Number(r.id),
    title: r.title,
    content: r.content,
    language: r.language,
    sort: r.sort,
    enabled: r.active,
    startsAt: iso(r.starts_at),
    endsAt: isoOrNull(r.ends_at),
    createdAt: iso(r.created_at),
    live: r.active && inSchedule(now, r.starts_at, r.ends_at),
    schedule: scheduleState(now, r.starts_at, r.ends_at),
  };
}

export type HelpRecord = {
  id: number;
  category: string;
  title: string;
  content: string;
  language: string | null;
  sort: number;
  active: boolean;
};

export function presentAdminHelpArticle(r: HelpRecord): AdminHelpArticle {
  return {
    id: Number(r.id),
    category: r.category,
    title: r.title,
    content: r.content,
    language: r.language,
    sort: r.sort,
    enabled: r.active,
  };
}

export type ResourceRecord = {
  id: number;
  resource_type: string;
  name: string;
  label_name_en: string;
  url: string;
  sort: number;
};

export function presentAdminResource(r: ResourceRecord): AdminResource {
  return {
    id: Number(r.id),
    resourceType: r.resource_type,
    name: r.name,
    labelNameEn: r.label_name_en,
    url: r.url,
    sort: r.sort,
  };
}

export type FieldRuleRecord = {
  field: string;
  enabled: boolean;
  required: boolean;
  min_length: number;
  max_length: number;
  pattern_id: number | null;
  accepted_pattern: string;
  sort: number;
};

export function presentAdminFieldRule(r: FieldRuleRecord): AdminRegisterFieldRule {
  return {
    field: r.field,
    enabled: r.enabled,
    required: r.required,
    minLength: r.min_length,
    maxLength: r.max_length,
    patternId: r.pattern_id,
    acceptedPattern: r.accepted_pattern,
    sort: r.sort,
  };
}

const EXTENSIONS = { 'image/png': 'png', 'image/jpeg': 'jpg', 'image/webp': 'webp' } as const;

/** Where the site loads an uploaded image: its id and an extension for its type. */
export function contentImageUrl(id: number, contentType: keyof typeof EXTENSIONS): string {
  return `/media/content/${id}.${EXTENSIONS[contentType]}`;
}

export function presentContentImage(r: {
  id: number;
  content_type: keyof typeof EXTENSIONS;
  size: number;
}): AdminContentImage {
  return {
    id: Number(r.id),
    url: contentImageUrl(Number(r.id), r.content_type),
    contentType: r.content_type,
    size: r.size,
  };
}
