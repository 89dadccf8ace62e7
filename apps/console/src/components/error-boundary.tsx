import { Component, type ReactNode } from 'react';
import { Translation } from 'react-i18next';

/** A screen that fails to load (a chunk after a redeploy, a render error) shows a message, not a blank page. */
export class ErrorBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override render() {
    if (!this.state.failed) return this.props.children;
    return (
      <Translation>
        {(t) => (
          <div role="alert">
            <p className="mb-2 text-(--danger)">{t('shell.screenFailed')}</p>
            <button type="button" className="text-(--accent) underline" onClick={() => window.location.reload()}>
              {t('shell.reload')}
            </button>
          </div>
        )}
      </Translation>
    );
  }
}
