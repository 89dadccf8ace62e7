import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatTime } from '../../components/format-time';
import { useSession } from '../../lib/session';
import { announcementsQuery } from './api';
import { AgentTitle, Loaded, Pager } from './components';

/** spec §2 agent centre announcement: the brand's announcements for agents (audience G), newest first. */
export function AnnouncementsPage() {
  const { t } = useTranslation();
  const { token } = useSession();
  const [pageNo, setPageNo] = useState(1);
  const list = useQuery(announcementsQuery(token, pageNo));
  return (
    <div>
      <AgentTitle>{t('agent.menu.announcement')}</AgentTitle>
      <Loaded query={list}>
        {(v) =>
          v.content.length === 0 ? (
            <p className="rounded-xl border border-dashed border-(--text-muted)/40 p-8 text-center text-(--text-muted)">
              {t('agent.announcements.empty')}
            </p>
          ) : (
            <>
              <ul className="space-y-3" data-testid="agent-announcements">
                {v.content.map((a) => (
                  <li key={a.id} className="rounded-lg bg-(--surface) p-4">
                    <details>
                      <summary className="cursor-pointer font-semibold">
                        {a.title}
                        <span className="ml-2 text-xs font-normal text-(--text-muted)">{formatTime(a.startsAt)}</span>
                      </summary>
                      <p className="mt-2 whitespace-pre-line text-sm">{a.content}</p>
                    </details>
                  </li>
                ))}
              </ul>
              <Pager page={pageNo} totalPages={v.totalPages} onChange={setPageNo} />
            </>
          )
        }
      </Loaded>
    </div>
  );
}
