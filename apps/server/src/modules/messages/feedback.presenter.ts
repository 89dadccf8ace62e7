import type { AdminFeedbackItem, FeedbackItem } from '@gamehall/shared/api/messages';
import type { allFeedback, memberFeedback } from './feedback.service';

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

type AdminPage = Awaited<ReturnType<typeof allFeedback>>;
export function presentAdminFeedback(page: AdminPage): AdminFeedbackItem[] {
  return page.rows.map((r) => {
    const imageIds = page.files.filter((f) => f.feedback_id === r.id).map((f) => f.id);
    return {
      id: r.id,
      memberId: r.member_id,
      username: r.username,
      contactEmail: r.contact_email,
      questionType: r.question_type as FeedbackItem['questionType'],
      content: r.content,
      imageCount: imageIds.length,
      imageIds,
      status: r.status,
      answer: r.answer,
      answeredBy: r.answered_by_username,
      answeredAt: iso(r.answered_at),
      createdAt: new Date(r.created_at).toISOString(),
    };
  });
}
