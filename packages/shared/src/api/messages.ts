import { z } from 'zod';
import { PageQuery, paged } from './common';

// Platform messages (spec §2 "platform messages (messageV2)"), broadcasts and feedback (spec §5,
// §7 PUT /wps/feedback); docs/messages.md.

/** A message id: `m<n>` a message of the member's own, `b<n>` a broadcast the member is in the audience of. */
export const MessageId = z.string().regex(/^[mb][1-9][0-9]{0,15}$/, { message: 'INVALID' });
export const MessageIdParams = z.object({ id: MessageId });

export const InboxQuery = PageQuery.extend({
  /** The reader's language for system messages; the member's own language when absent. */
  language: z.string().min(2).max(8).optional(),
});

export const InboxItem = z.object({
  id: MessageId,
  /** `system`: an event of the member's account; `operator`: a broadcast or a message written by staff. */
  source: z.enum(['system', 'operator']),
  kind: z.string().nullable(),
  title: z.string(),
  content: z.string(),
  read: z.boolean(),
  createdAt: z.string(),
});
export type InboxItem = z.infer<typeof InboxItem>;
export const InboxValue = paged(InboxItem).extend({ unread: z.number().int() });
export type InboxValue = z.infer<typeof InboxValue>;
export const UnreadCountValue = z.object({ count: z.number().int() });

// Back office: broadcasts.
export const BroadcastAudience = z.discriminatedUnion('type', [
  z.object({ type: z.literal('everyone') }),
  z.object({ type: z.literal('vip_level'), vipLevel: z.number().int().min(0).max(1000) }),
  z.object({ type: z.literal('team'), agentId: z.number().int().positive() }),
  /** A list of members by username (one member is a list of one). */
  z.object({ type: z.literal('members'), usernames: z.array(z.string().trim().min(1).max(64)).min(1).max(10_000) }),
]);
export type BroadcastAudience = z.infer<typeof BroadcastAudience>;

export const BroadcastText = z.object({
  title: z.string().trim().min(1).max(120),
  content: z.string().trim().min(1).max(5000),
});
export const LanguageCode = z
  .string()
  .regex(/^[A-Za-z]{2,3}(-[A-Za-z]{2,4})?$/, { message: 'INVALID' })
  .transform((s) => s.toUpperCase());

/**
 * What every send to many members carries (broadcasts and campaigns, docs/messages.md "Sending to
 * many"): the reach the operator was shown and confirmed, typed in by hand when the audience is
 * everyone, and a key the form makes once per confirmed send, so a second press or a retried request
 * sends nothing twice (the first send is answered again).
 */
export const SendConfirmation = {
  /** The reach (members) the operator was shown and confirmed; a different reach now is refused. */
  confirmReach: z.number().int().min(0),
  /** For an audience of everyone: the reach as the operator typed it. */
  typedReach: z.string().trim().max(12).optional(),
  /** One per confirmed send: the same key again answers the send it made and sends nothing. */
  idempotencyKey: z.string().regex(/^[A-Za-z0-9_-]{16,64}$/, { message: 'INVALID' }),
};

const BroadcastDraft = {
  audience: BroadcastAudience,
  texts: z.record(LanguageCode, BroadcastText).refine((r) => Object.keys(r).length >= 1, { message: 'REQUIRED' }),
  fallbackLanguage: LanguageCode,
  marketing: z.boolean().default(false),
};

/** A broadcast before it is sent: its reach now and whether its audience is everyone. */
export const PreviewBroadcastBody = z.object(BroadcastDraft);
export type PreviewBroadcastBody = z.input<typeof PreviewBroadcastBody>;
export const BroadcastPreviewValue = z.object({ reach: z.number().int(), everyone: z.boolean() });
export type BroadcastPreviewValue = z.infer<typeof BroadcastPreviewValue>;

export const CreateBroadcastBody = z.object({
  ...BroadcastDraft,
  /** ISO time to send at; absent or in the past: at once. */
  sendAt: z.iso.datetime({ offset: true }).optional(),
  ...SendConfirmation,
});
export type CreateBroadcastBody = z.input<typeof CreateBroadcastBody>;

export const BroadcastItem = z.object({
  id: z.number().int(),
  audience: z.object({
    type: z.enum(['everyone', 'vip_level', 'team', 'members']),
    vipLevel: z.number().int().nullable(),
    agentId: z.number().int().nullable(),
    agentUsername: z.string().nullable(),
    memberCount: z.number().int().nullable(),
  }),
  texts: z.record(z.string(), BroadcastText),
  fallbackLanguage: z.string(),
  marketing: z.boolean(),
  status: z.enum(['scheduled', 'sent', 'cancelled']),
  sendAt: z.string(),
  sentAt: z.string().nullable(),
  /** Members in the audience when it was sent. */
  reach: z.number().int().nullable(),
  /** Members who have opened it. */
  readCount: z.number().int(),
  createdAt: z.string(),
});
export type BroadcastItem = z.infer<typeof BroadcastItem>;
export const BroadcastListQuery = PageQuery;
export const BroadcastListValue = paged(BroadcastItem);
export const BroadcastIdParams = z.object({
  id: z.coerce
    .number()
    .int()
    .positive()
    .max(2 ** 52),
});

// Feedback (spec §5: text required, length within the brand's bounds; images png or jpg, 5 MB, at most 3).
// The bounds count words (spec §5's "content between {0} and {1} words"; words.ts counts them in any
// script); a fixed ceiling of characters keeps one item storable whatever its words.
export const FEEDBACK_QUESTION_TYPES = [
  'deposit',
  'withdrawal',
  'games',
  'promotions',
  'account',
  'suggestion',
  'complaint',
  'other',
] as const;
export const FeedbackQuestionType = z.enum(FEEDBACK_QUESTION_TYPES);
export const FEEDBACK_MAX_IMAGES = 3;
export const FEEDBACK_MAX_IMAGE_BYTES = 5 * 1024 * 1024;
export const FEEDBACK_MAX_CHARACTERS = 5_000;

export const FeedbackItem = z.object({
  id: z.number().int(),
  questionType: FeedbackQuestionType,
  content: z.string(),
  imageCount: z.number().int(),
  status: z.enum(['open', 'answered']),
  answer: z.string().nullable(),
  answeredAt: z.string().nullable(),
  createdAt: z.string(),
});
export type FeedbackItem = z.infer<typeof FeedbackItem>;
export const FeedbackListValue = paged(FeedbackItem);
export const FeedbackBounds = z.object({
  minWords: z.number().int(),
  maxWords: z.number().int(),
  maxCharacters: z.number().int(),
});

export const AdminFeedbackQuery = PageQuery.extend({ status: z.enum(['open', 'answered']).optional() });
export const AdminFeedbackItem = FeedbackItem.extend({
  /** Null for a visitor's feedback, which has contactEmail instead. */
  memberId: z.number().int().nullable(),
  username: z.string().nullable(),
  contactEmail: z.string().nullable(),
  imageIds: z.array(z.number().int()),
  answeredBy: z.string().nullable(),
});
export type AdminFeedbackItem = z.infer<typeof AdminFeedbackItem>;
export const AdminFeedbackListValue = paged(AdminFeedbackItem);
export const FeedbackIdParams = z.object({
  id: z.coerce
    .number()
    .int()
    .positive()
    .max(2 ** 52),
});
export const AnswerFeedbackBody = z.object({ answer: z.string().trim().min(1).max(5000) });
