import type { FeedbackItem } from '@gamehall/shared/api/messages';
import type { memberFeedback } from './feedback.service';

type MemberRow = Awaited<ReturnType<typeof memberFeedback>>['rows'][number];

const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());

export function presentFeedback(r: MemberRow): FeedbackItem {
  return {
    id: r.id,
    questionType: r.question_type as FeedbackItem['questionType'],
    content: r.content,
    imageCount: Number(r.image_count ?? 0),
    status: r.status,
    answer: r.answer,
    answeredAt: iso(r.answered_at),
    createdAt: new Date(r.created_at).toISOString(),
  };
}
