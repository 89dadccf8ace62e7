import { CHAT_PATH } from '@gamehall/shared/constants';
import { useQuery } from '@tanstack/react-query';
import { ArrowUp, Download, Headset, LifeBuoy, MessageCircle, X } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { openChatWindow } from '../../features/chat/open-chat';
import { resourceLabel } from '../../lib/resource-label';
import { configQuery, findResource, resourcesQuery } from '../../lib/site-queries';
import { promptInstall, useInstallState } from '../../pwa/install-prompt';

// spec §2: customer service, the messaging channel when configured, scroll to top. On a phone the
// stack of round buttons sat over table values, the VIP table, the download steps and the footer:
// there it is one button that opens the stack, and the layout keeps the page's end clear of it
// (footer.tsx).
export function SideMenu() {
  const { t, i18n } = useTranslation();
  const [open, setOpen] = useState(false);
  const config = useQuery(configQuery).data;
  const messaging = findResource(useQuery(resourcesQuery).data, 'MESSAGING');
  // The browser's install offer, where it makes one (pwa/install-prompt.ts).
  const installable = useInstallState() === 'available';
  const button =
    'grid size-11 place-items-center rounded-full bg-(--surface-raised) text-(--accent) shadow-lg hover:bg-(--accent) hover:text-(--accent-contrast)';
  return (
    <aside
      aria-label={t('side.label')}
      data-testid="side-menu"
      className="fixed right-3 bottom-6 z-20 flex flex-col items-end gap-2"
    >
      <div id="side-menu-items" className={`${open ? 'flex' : 'hidden'} flex-col gap-2 sm:flex`}>
        {config?.customerServiceUrl && (
          <a
            href={CHAT_PATH}
            onClick={openChatWindow}
            data-testid="side-chat"
            className={button}
            aria-label={t('site.customerService')}
            title={t('site.customerService')}
          >
            <Headset size={20} aria-hidden />
          </a>
        )}
        {messaging && (
          <a
            href={messaging.url}
            target="_blank"
            rel="noreferrer"
            className={button}
            aria-label={resourceLabel(t, i18n.language, messaging)}
            title={resourceLabel(t, i18n.language, messaging)}
          >
            <MessageCircle size={20} aria-hidden />
          </a>
        )}
        {installable && (
          <button
            type="button"
            className={button}
            aria-label={t('side.install')}
            title={t('side.install')}
            onClick={() => void promptInstall()}
          >
            <Download size={20} aria-hidden />
          </button>
        )}
        <button
          type="button"
          className={button}
          aria-label={t('side.top')}
          title={t('side.top')}
          onClick={() => window.scrollTo({ top: 0, behavior: 'smooth' })}
        >
          <ArrowUp size={20} aria-hidden />
        </button>
      </div>
      <button
        type="button"
        className={`${button} sm:hidden`}
        aria-label={t('side.label')}
        title={t('side.label')}
        aria-expanded={open}
        aria-controls="side-menu-items"
        data-testid="side-menu-toggle"
        onClick={() => setOpen(!open)}
      >
        {open ? <X size={20} aria-hidden /> : <LifeBuoy size={20} aria-hidden />}
      </button>
    </aside>
  );
}
