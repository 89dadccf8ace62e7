import './index.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { initI18n } from './lib/i18n';
import { reloadSession, shareSessionAcrossTabs } from './lib/session';
import { adoptTokenFromUrl } from './lib/storage';

adoptTokenFromUrl();
reloadSession();
shareSessionAcrossTabs();
initI18n();

const root = document.getElementById('root');
if (root) {
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
}
