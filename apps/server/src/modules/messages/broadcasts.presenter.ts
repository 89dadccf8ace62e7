import type { BroadcastItem } from '@gamehall/shared/api/messages';
import type { broadcasts } from './broadcasts.service';

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
