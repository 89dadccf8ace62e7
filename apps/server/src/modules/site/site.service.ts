import { isSafeLinkUrl } from '@gamehall/shared/api/common';
import type { AnnouncementLists } from '@gamehall/shared/api/site';
import type { AppContext } from '../../context';
import type { Principal } from '../../http/auth';
import { pageOffset, presentPage } from '../../http/paging';
import { type Brand, getBrand, whitelabelSwitchRows } from '../brand/brand.service';
import { countryOf, isRegionRestricted, normalizeIp } from './region';
import {
  presentAnnouncement,
  presentBanner,
  presentCountry,
  presentHelpCenter,
  presentNotice,
  presentPermissionInfo,
  presentPublicKey,
  presentResource,
  presentSiteConfig,
  presentStatus,
  presentSwitches,
  presentWhitelabelTree,
} from './site.presenter';
import {
  countNotices,
  findFirstLoginOfSession,
  listBanners,
  listCountries,
  listHelpArticles,
  listLiveAnnouncements,
  listNotices,
  listResources,
} from './site.queries';

export type VisitorState = {
  brand: Brand;
  maintenance: boolean;
  restricted: boolean;
  ip: string;
};

/** The whole-site state for one visitor (spec §2); the country lookup is left to who needs it. */
export async function visitorState(ctx: AppContext, rawIp: string): Promise<VisitorState> {
  const brand = await getBrand(ctx.db);
  const ip = normalizeIp(rawIp);
  return {
    brand,
    maintenance: brand.maintenance.enabled,
    restricted: isRegionRestricted(ip, brand.regionRestriction),
    ip,
  };
}

export async function systemStatus(ctx: AppContext, rawIp: string) {
  const state = await visitorState(ctx, rawIp);
  return presentStatus(state.brand, { ...state, country: countryOf(state.ip) });
}

export async function whitelabel(ctx: AppContext) {
  const rows = await whitelabelSwitchRows(ctx.db);
  return { whitelabelVal: presentWhitelabelTree(rows), switches: presentSwitches(rows) };
}

export async function domainRoute(ctx: AppContext) {
  return (await getBrand(ctx.db)).domainRoute;
}

export async function helpCenter(
  ctx: AppContext,
  input: { language: string | undefined; principal: Principal | null },
) {
  const language = await contentLanguage(ctx, input.language, input.principal);
  return presentHelpCenter(await listHelpArticles(ctx.db, language));
}

export async function resources(ctx: AppContext) {
  // A resource whose link is not http(s) or a site path (stored before links were checked) is left out.
  return (await listResources(ctx.db)).filter((r) => isSafeLinkUrl(r.url)).map(presentResource);
}

export async function permissionInfo(ctx: AppContext, rawIp: string) {
  const [state, rows, resourceList] = await Promise.all([
    visitorState(ctx, rawIp),
    whitelabelSwitchRows(ctx.db),
    resources(ctx),
  ]);
  return presentPermissionInfo(state.brand, {
    resources: resourceList,
    whitelabelVal: presentWhitelabelTree(rows),
    switches: presentSwitches(rows),
    maintenance: state.maintenance,
    restricted: state.restricted,
    ip: state.ip,
    country: countryOf(state.ip),
  });
}

export async function siteConfig(ctx: AppContext) {
  return presentSiteConfig(await getBrand(ctx.db));
}

export async function countryCodes(ctx: AppContext) {
  return (await listCountries(ctx.db)).map(presentCountry);
}

export async function publicKeys(ctx: AppContext) {
  return { keys: (await ctx.keys.publicKeys()).map(presentPublicKey) };
}

/** Language of content: asked for, else the `Language` header, else the member's, else the brand's. */
async function contentLanguage(ctx: AppContext, asked: string | undefined, principal: Principal | null) {
  const brand = await getBrand(ctx.db);
  const language = asked ?? principal?.language ?? brand.defaultLanguage;
  return language.trim().toUpperCase();
}

/** The content language and the brand's default, whose rows serve a language without its own. */
async function contentLanguages(ctx: AppContext, asked: string | undefined, principal: Principal | null) {
  const language = await contentLanguage(ctx, asked, principal);
  return { language, fallback: (await getBrand(ctx.db)).defaultLanguage.toUpperCase() };
}

export async function banners(
  ctx: AppContext,
  input: { groupName: string; language: string | undefined; principal: Principal | null },
) {
  const language = await contentLanguages(ctx, input.language, input.principal);
  return (await listBanners(ctx.db, input.groupName, language, ctx.now())).map(presentBanner);
}

export async function notices(
  ctx: AppContext,
  page: { pageNo: number; pageSize: number },
  input: { language: string | undefined; principal: Principal | null },
) {
  const language = await contentLanguages(ctx, input.language, input.principal);
  const now = ctx.now();
  const [total, rows] = await Promise.all([
    countNotices(ctx.db, language, now),
    listNotices(ctx.db, language, now, pageOffset(page), page.pageSize),
  ]);
  return presentPage({ rows, total }, page, presentNotice);
}

/**
 * spec §4 announcements: a visitor sees audience B; a logged-in account sees A, and also F while it is
 * a first-time user (no first login recorded yet, or this session is the one that recorded it). The types fill the four lists of spec §7: B the home
 * banners (w_home), PL and H the player announcements, PU the popups, PR the promotions.
 */
export async function announcements(
  ctx: AppContext,
  input: {
    types: string[];
    language: string | undefined;
    execution: string | undefined;
    principal: Principal | null;
  },
): Promise<AnnouncementLists> {
  const language = await contentLanguages(ctx, input.language, input.principal);
  const audiences = await audiencesOf(ctx, input.principal);
  const types = input.types.filter((t) => t !== 'B');
  const [bannerRows, rows] = await Promise.all([
    input.types.includes('B') ? listBanners(ctx.db, 'w_home', language, ctx.now()) : Promise.resolve([]),
    types.length > 0
      ? listLiveAnnouncements(ctx.db, { types, audiences, language, execution: input.execution, now: ctx.now() })
      : Promise.resolve([]),
  ]);
  const items = rows.map(presentAnnouncement);
  return {
    banners: bannerRows.map(presentBanner),
    player: items.filter((a) => a.type === 'PL' || a.type === 'H'),
    popup: items.filter((a) => a.type === 'PU'),
    promotion: items.filter((a) => a.type === 'PR'),
  };
}

// The client reports the first login (POST /wps/member/firstLogin) right after the login answer,
// usually before it has asked for the popups; so F stays with every session that began no later
// than the recorded first login (the one that reported it), and a later session no longer gets it.
async function audiencesOf(ctx: AppContext, principal: Principal | null): Promise<string[]> {
  if (!principal) return ['B'];
  const row = await findFirstLoginOfSession(ctx.db, principal.memberId, principal.sessionId);
  if (!row) return ['A'];
  if (row.first_login_at === null) return ['A', 'F'];
  const first = new Date(row.first_login_at).getTime();
  return new Date(row.session_created_at).getTime() <= first ? ['A', 'F'] : ['A'];
}
