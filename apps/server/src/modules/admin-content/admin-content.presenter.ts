import type {
  AdminAnnouncement,
  AdminBanner,
  AdminContentImage,
  AdminHelpArticle,
  AdminNotice,
  AdminRegisterFieldRule,
  AdminResource,
} from '@gamehall/shared/api/admin-content';

type When = Date | string;

function iso(value: When): string {
  return new Date(value).toISOString();
}
function isoOrNull(value: When | null | undefined): string | null {
  return value === null || value === undefined ? null : iso(value);
}

/** Inside [starts, ends) at `now`; a missing bound is open. */
function inSchedule(now: Date, starts: When | null, ends: When | null): boolean {
  const t = now.getTime();
  return (starts === null || new Date(starts).getTime() <= t) && (ends === null || new Date(ends).getTime() > t);
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
  };
}

export type NoticeRecord = {
  id: number;
  title: string;
  content: string;
  language: string | null;
  sort: number;
  active: boolean;
  created_at: When;
};

export function presentAdminNotice(r: NoticeRecord): AdminNotice {
  return {
    id: Number(r.id),
    title: r.title,
    content: r.content,
    language: r.language,
    sort: r.sort,
    enabled: r.active,
    createdAt: iso(r.created_at),
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
