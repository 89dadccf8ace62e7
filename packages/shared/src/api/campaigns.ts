import { z } from 'zod';
import { PageQuery, paged } from './common';
import { LanguageCode, SendConfirmation } from './messages';

// Campaigns (docs/campaigns.md): segments saved from the member search's filters, and messages to a
// segment by inbox, SMS and mail from per-language templates, confirmed with their reach, sent now
// or at a time, with read and click counts.

/**
 * The placeholders a campaign template may use, filled per member when it is sent: the member's
 * nickname (the username when none), username and VIP level, the brand's site name and currency.
 * Any other {word} is refused, so a typo never reaches a member as a literal brace.
 */
export const CAMPAIGN_PLACEHOLDERS = ['name', 'username', 'vip_level', 'site', 'currency'] as const;

/**
 * The member search's text fields a segment can match on (bank account numbers are cashier data).
 * name: the real name, as KYC verified it or as the member entered it.
 */
export const SegmentField = z.enum(['all', 'username', 'id', 'name', 'mobile', 'email', 'ip']);

/**
 * A segment's filter: the member search's filters (text in a field, status, tag, agents only) and a
 * VIP level range. No narrowing criterion (status aside) is a segment of everyone.
 */
export const SegmentFilter = z
  .object({
    q: z.string().trim().min(1).max(100).optional(),
    field: SegmentField.default('all'),
    status: z.enum(['active', 'disabled']).optional(),
    tag: z.string().trim().min(1).max(30).optional(),
    agentsOnly: z.boolean().optional(),
    vipMin: z.number().int().min(0).max(1000).optional(),
    vipMax: z.number().int().min(0).max(1000).optional(),
  })
  .strict()
  .refine((f) => f.vipMin === undefined || f.vipMax === undefined || f.vipMin <= f.vipMax, {
    message: 'VIP_RANGE',
    path: ['vipMax'],
  });
export type SegmentFilter = z.output<typeof SegmentFilter>;

/** A segment's name is unique, in any case (CAMPAIGN_SEGMENT_NAME_TAKEN). */
export const CreateSegmentBody = z.object({
  name: z.string().trim().min(1).max(80),
  filter: SegmentFilter,
});
export type CreateSegmentBody = z.input<typeof CreateSegmentBody>;

export const SegmentItem = z.object({
  id: z.number().int(),
  name: z.string(),
  filter: SegmentFilter,
  /** Whether the filter narrows nothing: sending to it needs the reach typed in. */
  everyone: z.boolean(),
  /** Members matching the filter now. */
  size: z.number().int(),
  createdAt: z.string(),
});
export type SegmentItem = z.infer<typeof SegmentItem>;
/** The saved segments, and the brand's languages (the first its default) that templates are written in. */
export const SegmentListValue = z.object({ content: z.array(SegmentItem), languages: z.array(z.string()) });

export const CAMPAIGN_CHANNELS = ['inbox', 'sms', 'mail'] as const;
export const CampaignChannel = z.enum(CAMPAIGN_CHANNELS);
export type CampaignChannel = z.infer<typeof CampaignChannel>;

/** One language's template: the inbox title (the mail's subject), the text (inbox and mail), the SMS text. */
export const CampaignText = z.object({
  title: z.string().trim().min(1).max(120),
  content: z.string().trim().min(1).max(5000),
  sms: z.string().trim().min(1).max(480).optional(),
});
export type CampaignText = z.infer<typeof CampaignText>;

const CampaignTemplate = {
  segmentId: z.number().int().positive(),
  channels: z
    .array(CampaignChannel)
    .min(1)
    .max(3)
    .refine((c) => new Set(c).size === c.length, { message: 'DUPLICATE' }),
  texts: z.record(LanguageCode, CampaignText).refine((r) => Object.keys(r).length >= 1, { message: 'REQUIRED' }),
  fallbackLanguage: LanguageCode,
};

export const PreviewCampaignBody = z.object(CampaignTemplate);
export type PreviewCampaignBody = z.input<typeof PreviewCampaignBody>;

export const CreateCampaignBody = z.object({
  name: z.string().trim().min(1).max(80),
  ...CampaignTemplate,
  /** ISO time to send at; absent or in the past: at once. */
  sendAt: z.iso.datetime({ offset: true }).optional(),
  /** The reach confirmed (typed for a segment of everyone) and the send's idempotency key. */
  ...SendConfirmation,
});
export type CreateCampaignBody = z.input<typeof CreateCampaignBody>;

/** Members a campaign reaches now, on each channel: members with no mobile or mail are left out there. */
export const CampaignReach = z.object({
  members: z.number().int(),
  inbox: z.number().int(),
  sms: z.number().int(),
  mail: z.number().int(),
});
export type CampaignReach = z.infer<typeof CampaignReach>;

/**
 * Where SMS and mail go: `provider` a configured SMS gateway or SMTP server; `outbox` kept in the
 * outbox and sent nowhere (readable at /dev/outbox in demo mode).
 */
export const CampaignDelivery = z.object({ sms: z.enum(['provider', 'outbox']), mail: z.enum(['provider', 'outbox']) });

export const CampaignPreviewValue = z.object({
  reach: CampaignReach,
  everyone: z.boolean(),
  delivery: CampaignDelivery,
  /** The member whose values fill the placeholders (the segment's first member), null for an empty segment. */
  sample: z.string().nullable(),
  /** The template in each of the brand's languages, the fallback's text where a language has none. */
  languages: z.array(
    z.object({
      language: z.string(),
      fallback: z.boolean(),
      title: z.string(),
      content: z.string(),
      sms: z.string().nullable(),
    }),
  ),
});
export type CampaignPreviewValue = z.infer<typeof CampaignPreviewValue>;

export const CampaignItem = z.object({
  id: z.number().int(),
  name: z.string(),
  segment: z.object({ id: z.number().int(), name: z.string() }),
  channels: z.array(CampaignChannel),
  texts: z.record(z.string(), CampaignText),
  fallbackLanguage: z.string(),
  status: z.enum(['scheduled', 'sent', 'cancelled']),
  sendAt: z.string(),
  sentAt: z.string().nullable(),
  confirmedReach: z.number().int(),
  /** Deliveries per channel when sent; null before. */
  reach: CampaignReach.nullable(),
  /** Inbox copies opened. */
  readCount: z.number().int(),
  clicks: z.number().int(),
  /** Members who clicked at least once. */
  clickers: z.number().int(),
  createdAt: z.string(),
});
export type CampaignItem = z.infer<typeof CampaignItem>;
export const CampaignListQuery = PageQuery;
export const CampaignListValue = paged(CampaignItem);
export const CampaignIdParams = z.object({
  id: z.coerce
    .number()
    .int()
    .positive()
    .max(2 ** 52),
});

export const CampaignLinkParams = z.object({
  token: z.string().regex(/^[A-Za-z0-9_-]{16,32}$/, { message: 'INVALID' }),
  n: z.coerce.number().int().min(0).max(99),
});
