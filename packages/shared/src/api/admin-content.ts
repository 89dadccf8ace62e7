import { z } from 'zod';
import { ANNOUNCEMENT_AUDIENCES, ANNOUNCEMENT_TYPES, BANNER_GROUPS, RESOURCE_TYPES } from '../constants';
import { SafeLinkUrl, TrimmedRequired } from './common';

/**
 * Text every visitor reads (announcements, notices): {site} and {currency} are filled from the
 * brand, but there is no amount to fill in a text for everyone, so {amount} would show as written;
 * it belongs in messages to one member (message-texts.ts).
 */
const SiteText = (max: number) =>
  TrimmedRequired(max).refine((text) => !text.includes('{amount}'), { params: { reason: 'PLACEHOLDER_AMOUNT' } });

import { grid } from './operators';
import { REGISTRATION_RULE_FIELDS } from './registration';

// The back office's content and site screens: banners, announcements, notices, help
// articles, resources and registration field rules. Operators edit the same tables the player site
// reads (/wps/system/*, MCSFE_getListAnnouncements), so a save shows on the site at its next call.

// ---- grids (CONSOLE-PLAN: pageNo, pageSize <= 200, sort = a column of the grid, order; { list, total, pageNo, pageSize })

export const GridOrder = z.enum(['asc', 'desc']);
export type GridOrder = z.infer<typeof GridOrder>;

/** The query of a grid whose sortable columns are `sorts`. */
export function gridQuery<const S extends readonly [string, ...string[]]>(sorts: S, defaultSort: S[number]) {
  return z.object({
    pageNo: z.coerce.number().int().min(1).max(100_000).default(1),
    pageSize: z.coerce.number().int().min(1).max(200).default(20),
    sort: z.enum(sorts).default(defaultSort as never),
    order: GridOrder.default('asc'),
  });
}

/** 'true' / 'false' in a query string. */
export const QueryFlag = z.enum(['true', 'false']).transform((v) => v === 'true');

/** A language code as the site uses them (EN, TY, ZH-CN); null on an item means every language. */
export const ContentLanguage = z
  .string()
  .trim()
  .toUpperCase()
  .regex(/^[A-Z]{2,3}(-[A-Z0-9]{2,4})?$/);

/** ISO-8601 with offset (api-conventions: Dates). */
export const DateTimeField = z.iso.datetime({ offset: true });

export const IdParams = z.object({ id: z.coerce.number().int().min(1).max(Number.MAX_SAFE_INTEGER) });
export const EnabledBody = z.object({ enabled: z.boolean() });
/** New order of a list: these ids get sort 0, 1, 2... in this order (others keep theirs). */
export const OrderBody = z.object({ ids: z.array(z.number().int().min(1)).min(1).max(500) });
export const OrderValue = z.object({ updated: z.number().int() });

const Sort = z.number().int().min(0).max(1_000_000);

// Every content kind has a language (null: every one), a place in its list and an on/off switch,
// and its grid filters by them and by a text search.
const placement = { language: z.string().nullable(), sort: z.number().int(), enabled: z.boolean() };
const placementBody = {
  language: ContentLanguage.nullable().default(null),
  sort: Sort.default(0),
  enabled: z.boolean().default(true),
};
const contentFilters = {
  language: ContentLanguage.optional(),
  enabled: QueryFlag.optional(),
  q: z.string().trim().max(100).optional(),
};

/** An end at or before the start: field endsAt BEFORE_START (the server checks it again against a start it fills in). */
function scheduleIssues(value: { startsAt?: string | null; endsAt?: string | null }, ctx: z.RefinementCtx) {
  if (value.startsAt && value.endsAt && Date.parse(value.endsAt) <= Date.parse(value.startsAt))
    ctx.addIssue({
      code: 'custom',
      path: ['endsAt'],
      message: 'ends before it starts',
      params: { reason: 'BEFORE_START' },
    });
}

/**
 * Where a scheduled item stands at a moment: before its start, between start and end, after its
 * end. Whether it is switched on is apart (enabled): a live item that is off shows to nobody.
 */
export const ScheduleState = z.enum(['scheduled', 'live', 'ended']);
export type ScheduleState = z.infer<typeof ScheduleState>;

// ---- banners

export const BannerGroup = z.enum(BANNER_GROUPS);
/** ROUTE opens a path of the site, URL an outside address; null is not clickable. */
export const BannerLinkage = z.enum(['ROUTE', 'URL']);

export const AdminBanner = z.object({
  id: z.number().int(),
  groupName: z.string(),
  title: z.string(),
  imageUrl: z.string(),
  linkageType: z.string().nullable(),
  linkUrl: z.string().nullable(),
  ...placement,
  startsAt: z.string().nullable(),
  endsAt: z.string().nullable(),
  /** enabled and inside its schedule now: what the player site shows. */
  live: z.boolean(),
  schedule: ScheduleState,
});
export type AdminBanner = z.infer<typeof AdminBanner>;

export const AdminBannerQuery = gridQuery(['sort', 'id', 'title', 'groupName', 'startsAt'], 'sort').extend({
  groupName: BannerGroup.optional(),
  ...contentFilters,
});
export type AdminBannerQuery = z.infer<typeof AdminBannerQuery>;
export const AdminBannerList = grid(AdminBanner);

export const AdminBannerBody = z
  .object({
    groupName: BannerGroup,
    title: TrimmedRequired(120),
    /** An uploaded image (POST /admin/content/images: /media/content/<id>.<ext>), or any site path or http(s) URL. */
    imageUrl: SafeLinkUrl,
    linkageType: BannerLinkage.nullable().default(null),
    linkUrl: SafeLinkUrl.nullable().default(null),
    ...placementBody,
    startsAt: DateTimeField.nullable().default(null),
    endsAt: DateTimeField.nullable().default(null),
  })
  .strict()
  .superRefine((value, ctx) => {
    if (value.linkageType !== null && value.linkUrl === null)
      ctx.addIssue({
        code: 'custom',
        path: ['linkUrl'],
        message: 'a link is required',
        params: { reason: 'REQUIRED' },
      });
    if (value.linkageType === null && value.linkUrl !== null)
      ctx.addIssue({
        code: 'custom',
        path: ['linkageType'],
        message: 'a link needs its type',
        params: { reason: 'REQUIRED' },
      });
    if (value.linkageType === 'ROUTE' && value.linkUrl !== null && !value.linkUrl.startsWith('/'))
      ctx.addIssue({
        code: 'custom',
        path: ['linkUrl'],
        message: 'a route is a site path',
        params: { reason: 'PATTERN' },
      });
    scheduleIssues(value, ctx);
  });
export type AdminBannerBody = z.infer<typeof AdminBannerBody>;

/** Banner images: png, jpeg or webp (checked by their bytes too), at most this many bytes. */
export const CONTENT_IMAGE_MAX_BYTES = 2 * 1024 * 1024;
export const CONTENT_IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/webp'] as const;
export const AdminContentImage = z.object({
  id: z.number().int(),
  url: z.string(),
  contentType: z.enum(CONTENT_IMAGE_TYPES),
  size: z.number().int(),
});
export type AdminContentImage = z.infer<typeof AdminContentImage>;
export const ContentImageFileParams = z.object({ file: z.string().max(40) });

// ---- announcements

export const AnnouncementType = z.enum(ANNOUNCEMENT_TYPES);
export const AnnouncementAudience = z.enum(ANNOUNCEMENT_AUDIENCES);

export const AdminAnnouncement = z.object({
  id: z.number().int(),
  /** B banner text, PL player, PU popup, PR promotion, H headline (spec §7). */
  type: z.string(),
  /** A logged in, B visitor, F first login (spec §4), G agents (agent centre). */
  audience: z.string(),
  /** type PU: shown as a popup. */
  popup: z.boolean(),
  title: z.string(),
  content: z.string(),
  promotionType: z.string().nullable(),
  execution: z.string(),
  ...placement,
  startsAt: z.string(),
  endsAt: z.string().nullable(),
  createdAt: z.string(),
  live: z.boolean(),
  schedule: ScheduleState,
});
export type AdminAnnouncement = z.infer<typeof AdminAnnouncement>;

export const AdminAnnouncementQuery = gridQuery(
  ['sort', 'id', 'title', 'type', 'audience', 'startsAt', 'createdAt'],
  'sort',
).extend({
  type: AnnouncementType.optional(),
  audience: AnnouncementAudience.optional(),
  schedule: ScheduleState.optional(),
  ...contentFilters,
});
export type AdminAnnouncementQuery = z.infer<typeof AdminAnnouncementQuery>;
export const AdminAnnouncementList = grid(AdminAnnouncement);

export const AdminAnnouncementBody = z
  .object({
    type: AnnouncementType,
    audience: AnnouncementAudience,
    title: SiteText(200),
    content: SiteText(5000),
    promotionType: z.string().trim().min(1).max(40).nullable().default(null),
    /** spec §7 execution filter of getListAnnouncements ('B' unless a client asks for another). */
    execution: z.string().trim().min(1).max(10).default('B'),
    ...placementBody,
    /** Absent: from now (an update keeps the start it had). A start changed into the past is refused (IN_PAST). */
    startsAt: DateTimeField.nullable().default(null),
    endsAt: DateTimeField.nullable().default(null),
  })
  .strict()
  .superRefine(scheduleIssues);
export type AdminAnnouncementBody = z.infer<typeof AdminAnnouncementBody>;

// ---- notices

export const AdminNotice = z.object({
  id: z.number().int(),
  title: z.string(),
  content: z.string(),
  ...placement,
  startsAt: z.string(),
  endsAt: z.string().nullable(),
  createdAt: z.string(),
  /** enabled and inside its schedule now: what the player site shows. */
  live: z.boolean(),
  schedule: ScheduleState,
});
export type AdminNotice = z.infer<typeof AdminNotice>;
export const AdminNoticeQuery = gridQuery(['sort', 'id', 'title', 'startsAt', 'createdAt'], 'sort').extend({
  schedule: ScheduleState.optional(),
  ...contentFilters,
});
export type AdminNoticeQuery = z.infer<typeof AdminNoticeQuery>;
export const AdminNoticeList = grid(AdminNotice);
export const AdminNoticeBody = z
  .object({
    title: SiteText(200),
    content: SiteText(5000),
    ...placementBody,
    /** Absent: from now (an update keeps the start it had). A start changed into the past is refused (IN_PAST). */
    startsAt: DateTimeField.nullable().default(null),
    /** Absent: until disabled or deleted. */
    endsAt: DateTimeField.nullable().default(null),
  })
  .strict()
  .superRefine(scheduleIssues);
export type AdminNoticeBody = z.infer<typeof AdminNoticeBody>;

// ---- help centre

export const AdminHelpArticle = z.object({
  id: z.number().int(),
  category: z.string(),
  title: z.string(),
  content: z.string(),
  ...placement,
});
export type AdminHelpArticle = z.infer<typeof AdminHelpArticle>;
export const AdminHelpQuery = gridQuery(['sort', 'id', 'title', 'category'], 'sort').extend({
  category: z.string().trim().max(80).optional(),
  ...contentFilters,
});
export type AdminHelpQuery = z.infer<typeof AdminHelpQuery>;
export const AdminHelpList = grid(AdminHelpArticle);
export const AdminHelpBody = z
  .object({
    category: TrimmedRequired(80),
    title: TrimmedRequired(200),
    content: TrimmedRequired(20_000),
    ...placementBody,
  })
  .strict();
export type AdminHelpBody = z.infer<typeof AdminHelpBody>;

/**
 * The help centre's categories, in the order it shows them (an article names one of them exactly);
 * `articles`: how many articles use it, which must move elsewhere before it is removed.
 */
export const AdminHelpCategory = z.object({
  id: z.number().int(),
  name: z.string(),
  sort: z.number().int(),
  articles: z.number().int(),
});
export type AdminHelpCategory = z.infer<typeof AdminHelpCategory>;
export const AdminHelpCategoryList = z.object({ list: z.array(AdminHelpCategory) });
export const AdminHelpCategoryBody = z.object({ name: TrimmedRequired(80) }).strict();
export type AdminHelpCategoryBody = z.infer<typeof AdminHelpCategoryBody>;
/** The whole list in its new order: every category once. */
export const AdminHelpCategoryOrder = z.object({ ids: z.array(z.number().int().min(1)).min(1).max(500) }).strict();
/** Removing a category its articles use: the category they move into first. */
export const AdminHelpCategoryDeleteQuery = z.object({
  moveTo: z.coerce.number().int().min(1).max(Number.MAX_SAFE_INTEGER).optional(),
});
export const AdminHelpCategoryDeleted = z.object({ moved: z.number().int() });

// ---- site: resources (social links, app downloads) and registration field rules

export const ResourceType = z.enum(RESOURCE_TYPES);
export const AdminResource = z.object({
  id: z.number().int(),
  resourceType: z.string(),
  name: z.string(),
  labelNameEn: z.string(),
  url: z.string(),
  sort: z.number().int(),
});
export type AdminResource = z.infer<typeof AdminResource>;
export const AdminResourceList = z.object({ list: z.array(AdminResource) });
export const AdminResourceBody = z
  .object({
    resourceType: ResourceType,
    name: z
      .string()
      .trim()
      .min(1)
      .max(60)
      .regex(/^[a-z0-9][a-z0-9-]*$/),
    labelNameEn: TrimmedRequired(80),
    url: SafeLinkUrl,
    sort: Sort.default(0),
  })
  .strict();
export type AdminResourceBody = z.infer<typeof AdminResourceBody>;

export const RegistrationRuleFieldName = z.enum(REGISTRATION_RULE_FIELDS);
export const AdminRegisterFieldRule = z.object({
  field: z.string(),
  enabled: z.boolean(),
  required: z.boolean(),
  minLength: z.number().int(),
  maxLength: z.number().int(),
  patternId: z.number().int().nullable(),
  acceptedPattern: z.string(),
  sort: z.number().int(),
});
export type AdminRegisterFieldRule = z.infer<typeof AdminRegisterFieldRule>;
export const AdminRegisterFieldRuleList = z.object({ list: z.array(AdminRegisterFieldRule) });
export const RegisterFieldParams = z.object({ field: RegistrationRuleFieldName });
export const AdminRegisterFieldRuleBody = z
  .object({
    enabled: z.boolean(),
    required: z.boolean(),
    minLength: z.number().int().min(0).max(200),
    maxLength: z.number().int().min(1).max(200),
    /** Registration pattern (shared/patterns.ts, 1..18) or null for a length rule only. */
    patternId: z.number().int().min(1).max(18).nullable(),
    /** An extra regular expression for the whole value; '*' accepts anything. */
    acceptedPattern: z.string().max(200).default('*'),
    sort: Sort.optional(),
  })
  .strict()
  .superRefine((value, ctx) => {
    if (value.minLength > value.maxLength)
      ctx.addIssue({
        code: 'custom',
        path: ['minLength'],
        message: 'above the maximum',
        params: { reason: 'INVALID' },
      });
    if (value.required && !value.enabled)
      ctx.addIssue({
        code: 'custom',
        path: ['required'],
        message: 'a disabled field cannot be required',
        params: { reason: 'NOT_ALLOWED' },
      });
    if (value.acceptedPattern !== '*') {
      try {
        new RegExp(`^(?:${value.acceptedPattern})$`, 'u');
      } catch {
        ctx.addIssue({
          code: 'custom',
          path: ['acceptedPattern'],
          message: 'not a regular expression',
          params: { reason: 'PATTERN' },
        });
      }
    }
  });
export type AdminRegisterFieldRuleBody = z.infer<typeof AdminRegisterFieldRuleBody>;
