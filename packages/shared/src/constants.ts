// Business constants of spec §9 (and the few of §3-§5 that are numbers). One place.
export const ANNOUNCEMENT_PAGE_SIZE = 10;
export const NOTICE_PAGE_SIZE = 6;
export const HEADER_VENDOR_MENU_LIMIT = 13;
export const WINNER_BOARD_LIMIT = 20;

export const SMS_LOCKOUT_MINUTES = 5;
export const SMS_THROTTLE_MS = 1000;
export const SMS_CODE_EXPIRED_MINUTES = 5;
export const SMS_MAX_SENDS_PER_WINDOW = 5;
export const CAPTCHA_REFRESH_MS = 1000;
export const REMEMBER_ME_DAYS = 1;

export const GATEWAY_VERSION = 3;
export const PLATFORM = 'WEB';
export const DEFAULT_LANGUAGE = 'EN';

export const AGENT_ACCOUNT_TYPES = [1, 2, 41, 42] as const;
export const TRIAL_ACCOUNT_TYPE = 4;
export const MEMBER_ACCOUNT_TYPE = 0;

export const DEFAULT_MIN_AGE = 18;
export const BIRTHDAY_CHECK_AGE = 21;

export const REBATE_RATES: Record<string, number | null> = {
  LOTT: 0.01,
  ELOTT: 0.01,
  PVP: null,
  FISH: 0.01,
  RNG: 0.012,
  LIVE: 0.008,
  SPORTS: 0.01,
  ESPORTS: 0.01,
};

export const GAME_TYPES = [
  'LIVE',
  'RNG',
  'JL',
  'ELOTT',
  'LOTT',
  'SPORTS',
  'FISH',
  'PVP',
  'ESPORTS',
  'COCKFIGHT',
  'MINI',
] as const;
export type GameType = (typeof GAME_TYPES)[number];

/**
 * The lobby's orders: `featured` is the operator's (hot first, then the configured order, then the
 * name); `popular` most recent players first; `new` newest in the catalogue first; `name` A to Z in
 * the page's language.
 */
export const GAME_SORTS = ['featured', 'popular', 'new', 'name'] as const;
export type GameSort = (typeof GAME_SORTS)[number];

/** The longest game search the list takes (the site's search box stops there). */
export const GAME_SEARCH_MAX = 100;
export const SLOT_SUB_CATEGORIES = ['SC', 'VP', 'JP', 'TG', 'AC', 'BG'] as const;
export type SlotSubCategory = (typeof SLOT_SUB_CATEGORIES)[number];

export const WHITELABEL_SWITCHES = [
  'COMM3',
  'MOBILEVERCODELOGIN3',
  'USERNAMEREG3',
  'MOBILENUMREG3',
  'REGMOBVERF3',
  'MOBILENUMPASSREG3',
  'DIRECTREG3',
  'CHNGPASSVERIF3',
  'AGENTPOLICY3',
  'FREEPLAY3',
  'PWDEXPFORCECHANGE3',
] as const;
export type WhitelabelSwitch = (typeof WHITELABEL_SWITCHES)[number];

export const BANNER_GROUPS = ['w_login', 'w_register', 'w_forget', 'w_home', 'w_activity', 'w_model'] as const;
/** A logged in, B visitor, F first login (spec §4); G agents (the agent centre's announcements). */
export const ANNOUNCEMENT_AUDIENCES = ['A', 'B', 'F', 'G'] as const;
export const ANNOUNCEMENT_TYPES = ['B', 'PL', 'PU', 'PR', 'H'] as const;
export const RESOURCE_TYPES = [
  'FACEBOOK',
  'INSTAGRAM',
  'TWITTER',
  'YOUTUBE',
  'TELEGRAM',
  'MESSAGING',
  'MOBILECONFIG',
  'IOS',
  'ANDROID',
  'CUSTOMER_SERVICE',
] as const;

// Sessions: inactivity timeout and absolute lifetime (api-conventions: Requests).
export const SESSION_IDLE_MINUTES = 60 * 2;
export const SESSION_ABSOLUTE_HOURS = 24 * 7;

/**
 * The chat window's route on the player site: what CBS_launchChat answers as chatUrl. Here rather
 * than in api/chat so the site's first chunk (router, side menu) does not load zod to read it.
 */
export const CHAT_PATH = '/chat';

/**
 * Path prefixes the server answers itself (API, gateways, sockets, docs): the server never serves
 * the player site's page under them, and the site's service worker never caches them.
 */
export const SERVER_PATH_PREFIXES = [
  '/wps',
  '/lgw',
  '/lotto',
  '/admin',
  '/vendor',
  '/dev',
  '/docs',
  '/art',
  '/ws',
  '/healthz',
  '/sandbox-gateway',
] as const;
