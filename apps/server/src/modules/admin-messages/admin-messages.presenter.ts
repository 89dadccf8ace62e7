import type { AdminFeedbackItem, BroadcastItem, FeedbackItem } from '@gamehall/shared/api/messages';
import type { broadcasts } from '../messages/broadcasts.service';
import type { allFeedback } from '../messages/feedback.service';

type Row = Awaited<ReturnType<typeof broadcasts>>['rows'][number];
type Created = Omit<Row, 'agent_username' | 'member_count' | 'read_count'> & {
  agent_username?: string | null;
  member_count?: string | number | null;
  read_count?: string | number | null;
};

export function presentBroadcast(r: Created): BroadcastItem {
  return {
    id: r.id,
    audience: {
      type: r.audience,
      vipLevel: r.vip_level,
      agentId: r.agent_id,
      agentUsername: r.agent_username ?? null,
      memberCount: r.audience === 'members' ? Number(r.member_count ?? 0) : null,
    },
    texts: r.texts,
    fallbackLanguage: r.fallback_language,
    marketing: r.marketing,
    status: r.status,
    sendAt: new Date(r.send_at).toISOString(),
    sentAt: r.sent_at === null ? null : new Date(r.sent_at).toISOString(),
    reach: r.reach,
    readCount: Number(r.read_count ?? 0),
    createdAt: new Date(r.created_at).toISOString(),
  };
}

type AdminPage = Awaited<ReturnType<typeof allFeedback>>;
const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());

export function presentAdminFeedback(page: AdminPage): AdminFeedbackItem[] {
  return page.rows.map((r) => {
    const imageIds = page.files.filter((f) => f.feedback_id === r.id).map((f) => f.id);
    return {
      id: r.id,
      memberId: r.member_id,
      username: r.username,
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
