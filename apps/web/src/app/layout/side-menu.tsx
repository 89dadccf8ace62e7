import { CHAT_PATH } from '@gamehall/shared/constants';
import { useQuery } from '@tanstack/react-query';
import { ArrowUp, Download, Headset, MessageCircle } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { openChatWindow } from '../../features/chat/open-chat';
import { resourceLabel } from '../../lib/resource-label';
import { configQuery, findResource, resourcesQuery } from '../../lib/site-queries';
import { promptInstall, useInstallState } from '../../pwa/install-prompt';

// spec §2: customer service, the messaging channel when configured, scroll to top. On a desktop a
// stack of round buttons at the window's edge; on a phone they covered table values, the download
// steps and the footer, so there they are lines of the header's menu (QuickLinks) and the tab bar's
// open tab scrolls to the top (tab-bar.tsx).

type QuickLink = {
  key: string;
  label: string;
  icon: typeof Headset;
  href?: string;
  external?: boolean;
  onClick?: () => void;
};

function useQuickLinks(): QuickLink[] {
  const { t, i18n } = useTranslation();
  const config = useQuery(configQuery).data;
  const messaging = findResource(useQuery(resourcesQuery).data, 'MESSAGING');
  // The browser's install offer, where it makes one (pwa/install-prompt.ts).
  const installable = useInstallState() === 'available';
  const links: QuickLink[] = [];
  if (config?.customerServiceUrl)
    links.push({ key: 'chat', label: t('site.customerService'), icon: Headset, href: CHAT_PATH });
  if (messaging)
    links.push({
      key: 'messaging',
      label: resourceLabel(t, i18n.language, messaging),
      icon: MessageCircle,
      href: messaging.url,
      external: true,
    });
  if (installable)
    links.push({ key: 'install', label: t('side.install'), icon: Download, onClick: () => void promptInstall() });
  links.push({
    key: 'top',
    label: t('side.top'),
    icon: ArrowUp,
    onClick: () => window.scrollTo({ top: 0, behavior: 'smooth' }),
  });
  return links;
}

/** The desktop's floating stack of round buttons at the window's edge. */
export function SideMenu() {
  const { t } = useTranslation();
  const button =
    'grid size-11 place-items-center rounded-full bg-(--surface-raised) text-(--accent) shadow-lg hover:bg-(--accent) hover:text-(--accent-contrast)';
  return (
    <aside
      aria-label={t('side.label')}
      data-testid="side-menu"
      className="fixed right-3 bottom-6 z-20 flex flex-col items-end gap-2"
    >
      {useQuickLinks().map(({ key, label, icon: Icon, href, external, onClick }) =>
        href ? (
          <a
            key={key}
            href={href}
            onClick={key === 'chat' ? openChatWindow : undefined}
            target={external ? '_blank' : undefined}
            rel={external ? 'noreferrer' : undefined}
            data-testid={`side-${key}`}
            className={button}
            aria-label={label}
            title={label}
          >
            <Icon size={20} aria-hidden />
          </a>
        ) : (
          <button key={key} type="button" className={button} aria-label={label} title={label} onClick={onClick}>
            <Icon size={20} aria-hidden />
          </button>
        ),
      )}
    </aside>
  );
}

/** The same links as lines of the phone's header menu; `onDone` closes the menu. */
export function QuickLinks({ onDone }: { onDone: () => void }) {
  const { t } = useTranslation();
  const line = 'flex items-center gap-2 px-2 py-3 text-sm font-semibold hover:text-(--accent)';
  return (
    <ul aria-label={t('side.label')} className="border-t border-(--text-muted)/20" data-testid="quick-links">
      {useQuickLinks().map(({ key, label, icon: Icon, href, external, onClick }) => (
        <li key={key}>
          {href ? (
            <a
              href={href}
              onClick={(e) => {
                if (key === 'chat') openChatWindow(e);
                onDone();
              }}
              target={external ? '_blank' : undefined}
              rel={external ? 'noreferrer' : undefined}
              className={line}
            >
              <Icon size={16} aria-hidden />
              {label}
            </a>
          ) : (
            <button
              type="button"
              className={`${line} w-full`}
              onClick={() => {
                onClick?.();
                onDone();
              }}
            >
              <Icon size={16} aria-hidden />
              {label}
            </button>
          )}
        </li>
      ))}
    </ul>
  );
}
