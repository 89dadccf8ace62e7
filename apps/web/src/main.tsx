import './lib/zod-jitless';
import './index.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { initI18n } from './lib/i18n';
import { reloadSession, shareSessionAcrossTabs } from './lib/session';
import { adoptTokenFromUrl } from './lib/storage';
import { captureInstallPrompt } from './pwa/install-prompt';
import { registerServiceWorker } from './pwa/register';

adoptTokenFromUrl();
reloadSession();
shareSessionAcrossTabs();
initI18n();
// The installable app (docs/pwa.md).
captureInstallPrompt();
registerServiceWorker();

const root = document.getElementById('root');
if (root) {
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
}
