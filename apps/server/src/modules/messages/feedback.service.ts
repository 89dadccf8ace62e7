import {
  FEEDBACK_MAX_CHARACTERS,
  FEEDBACK_MAX_IMAGE_BYTES,
  FEEDBACK_MAX_IMAGES,
  FeedbackQuestionType,
} from '@gamehall/shared/api/messages';
import { countWords } from '@gamehall/shared/words';
import type { AppContext } from '../../context';
import type { Conn } from '../../db/database';
import { AppError, fieldErrors } from '../../http/errors';
import { reencodeImage } from '../../http/image-upload';
import { pageWindow } from '../../http/paging';
import type { RequestMeta } from '../../http/request-meta';
import { getBrand } from '../brand/brand.service';
import { hit } from '../throttle/throttle.service';
import {
  answerFeedback,
  findFeedbackFile,
  insertFeedback,
  lockFeedback,
  pageAllFeedback,
  pageMemberFeedback,
} from './feedback.queries';
import { FALLBACK_LANGUAGE, renderSystemMessage } from './message-texts';
import { sendSystemMessage } from './messages.service';

// Feedback and complaints (spec §3, §5, §7 PUT /wps/feedback).

const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const JPEG = Buffer.from([0xff, 0xd8, 0xff]);

/** An image's type from its first bytes: the name and the declared type are not trusted. */
export function imageTypeByContent(data: Buffer): 'image/png' | 'image/jpeg' | null {
  if (data.subarray(0, PNG.length).equals(PNG)) return 'image/png';
  if (data.subarray(0, JPEG.length).equals(JPEG)) return 'image/jpeg';
  return null;
}

export async function feedbackBounds(ctx: AppContext) {
  const brand = await getBrand(ctx.db);
  return {
    minWords: brand.feedbackMinWords,
    maxWords: Math.max(brand.feedbackMinWords, brand.feedbackMaxWords),
    maxCharacters: FEEDBACK_MAX_CHARACTERS,
  };
}

/**
 * The check a visitor's feedback passes before it is stored: the site's guest captcha. Accounts
 * owns captchas and sits beside this module, so the composition root hands the check in (app.ts).
 */
type VisitorCheck = (ctx: AppContext, db: Conn, meta: RequestMeta, captcha: string | undefined) => Promise<void>;
let visitorCheck: VisitorCheck | null = null;
export function registerFeedbackVisitorCheck(check: VisitorCheck): void {
  visitorCheck = check;
}

/** A visitor sends at most this many a day from one address (a member's own count is not limited). */
export const VISITOR_FEEDBACK_LIMIT = { max: 5, windowSeconds: 24 * 3600 };

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Who sends: a member, or a visitor with the e-mail the answer goes to. */
export type FeedbackSender =
  | { memberId: number }
  | { visitor: { email: string | undefined; captcha: string | undefined; meta: RequestMeta } };

export async function submitFeedback(
  ctx: AppContext,
  sender: FeedbackSender,
  input: { questionType: string | undefined; content: string | undefined; images: Buffer[] },
): Promise<number> {
  const type = FeedbackQuestionType.safeParse(input.questionType);
  if (!type.success) throw fieldErrors({ questionType: input.questionType ? 'INVALID' : 'REQUIRED' });
  const content = (input.content ?? '').trim();
  if (!content) throw fieldErrors({ content: 'REQUIRED' });
  const email = 'visitor' in sender ? (sender.visitor.email ?? '').trim() : '';
  if ('visitor' in sender && (!email || email.length > 254 || !EMAIL.test(email)))
    throw fieldErrors({ email: email ? 'PATTERN' : 'REQUIRED' });
  const bounds = await feedbackBounds(ctx);
  const words = countWords(content);
  if (words < bounds.minWords || words > bounds.maxWords || [...content].length > bounds.maxCharacters)
    throw new AppError('FEEDBACK_CONTENT_LENGTH', { value: { ...bounds, fields: { content: 'LENGTH' } } });
  if (input.images.length > FEEDBACK_MAX_IMAGES) throw new AppError('FEEDBACK_TOO_MANY_IMAGES');
  const typed = input.images.map((data) => {
    if (data.length > FEEDBACK_MAX_IMAGE_BYTES) throw new AppError('FEEDBACK_IMAGE_TOO_LARGE');
    const contentType = imageTypeByContent(data);
    if (!contentType) throw new AppError('FEEDBACK_IMAGE_INVALID');
    return { contentType, data };
  });
  // Only the pixels are kept (http/image-upload.ts): an operator opens an image, nothing else.
  const images: typeof typed = [];
  for (const image of typed)
    images.push({ ...image, data: await reencodeImage(image.data, image.contentType, 'FEEDBACK_IMAGE_INVALID') });
  const now = ctx.now();
  if ('visitor' in sender) {
    const { meta, captcha } = sender.visitor;
    if (!visitorCheck) throw new Error('the visitor feedback check is not registered');
    // The captcha is spent first, so a refused try still costs the sender a new image; then the
    // address's daily count, which only captcha-answered tries reach.
    await visitorCheck(ctx, ctx.db, meta, captcha);
    await hit(ctx.db, `feedback:visitor:ip:${meta.ip}`, VISITOR_FEEDBACK_LIMIT, now);
  }
  const who =
    'visitor' in sender
      ? {
          memberId: null,
          contactEmail: email,
          language: (sender.visitor.meta.language ?? FALLBACK_LANGUAGE).toUpperCase(),
        }
      : { memberId: sender.memberId };
  return ctx.db
    .transaction()
    .execute((trx) => insertFeedback(trx, { ...who, questionType: type.data, content, images, now }));
}

export function memberFeedback(ctx: AppContext, memberId: number, page: { pageNo: number; pageSize: number }) {
  return pageMemberFeedback(ctx.db, memberId, pageWindow(page));
}

export function allFeedback(
  ctx: AppContext,
  query: { pageNo: number; pageSize: number; status?: 'open' | 'answered' | undefined },
) {
  return pageAllFeedback(ctx.db, { status: query.status }, pageWindow(query));
}

/** An operator answers; the answer reaches the member as a message in the same transaction. */
export async function answer(ctx: AppContext, operatorId: number, id: number, text: string) {
  await ctx.db.transaction().execute(async (trx) => {
    const row = await lockFeedback(trx, id);
    if (!row) throw new AppError('FEEDBACK_NOT_FOUND');
    if (row.status !== 'open') throw new AppError('FEEDBACK_ALREADY_ANSWERED');
    const now = ctx.now();
    await answerFeedback(trx, id, text, operatorId, now);
    if (row.member_id !== null) {
      await sendSystemMessage(trx, {
        memberId: row.member_id,
        kind: 'feedback_answered',
        params: { answer: text, feedbackId: id },
        now,
      });
      return;
    }
    // A visitor has no inbox: the answer goes by mail, in the language they wrote from, with the
    // commit (the outbox row is written in this transaction).
    if (!row.contact_email) throw new AppError('FEEDBACK_NOT_FOUND');
    const brand = await getBrand(ctx.db);
    const mail = renderSystemMessage(
      'feedback_answered',
      { answer: text, feedbackId: id },
      row.language ?? FALLBACK_LANGUAGE,
      {
        siteName: brand.siteName,
        currency: brand.currency,
        currencySymbol: '',
      },
    );
    await ctx.messenger.mail(trx, { to: row.contact_email, subject: mail.title, text: mail.content });
  });
}

export async function feedbackImage(ctx: AppContext, id: number) {
  const file = await findFeedbackFile(ctx.db, id);
  if (!file) throw new AppError('NOT_FOUND');
  return { contentType: file.content_type, data: Buffer.from(file.data) };
}
