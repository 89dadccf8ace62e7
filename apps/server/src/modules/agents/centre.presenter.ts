import type { AgentAnnouncement, AgentAnnouncementsValue } from '@gamehall/shared/api/agents';
import { presentPage } from '../../http/paging';

type AnnouncementRow = {
  id: number | string;
  type: string;
  title: string;
  content: string;
  starts_at: Date | string;
  ends_at: Date | string | null;
};

export function presentAgentAnnouncement(r: AnnouncementRow): AgentAnnouncement {
  return {
    id: Number(r.id),
    type: r.type,
    title: r.title,
    content: r.content,
    startsAt: new Date(r.starts_at).toISOString(),
    endsAt: r.ends_at === null ? null : new Date(r.ends_at).toISOString(),
  };
}

export function presentAgentAnnouncements(
  r: { rows: AnnouncementRow[]; total: number },
  page: { pageNo: number; pageSize: number },
): AgentAnnouncementsValue {
  return presentPage(r, page, presentAgentAnnouncement);
}
