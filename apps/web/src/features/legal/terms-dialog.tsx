import type { LegalPage } from '@gamehall/shared/api/legal';
import { Button } from '@gamehall/ui/button';
import { Dialog } from 'radix-ui';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LegalBlocks } from './legal-blocks';

/**
 * The new terms, put to a member at sign-in (docs/site.md "Accepting the terms"). It blocks the site
 * until answered: no close button, no Escape, no outside click; the member accepts, or signs out.
 * Until the acceptance is recorded the server refuses deposits, withdrawals, transfers and
 * real-money games with TERMS_NOT_ACCEPTED.
 */
export function TermsDialog({
  terms,
  fill,
  accept,
  signOut,
}: {
  terms: LegalPage;
  fill: (text: string) => string;
  /** Records the acceptance, then asks the status again (a newer version may have come). */
  accept: (version: number) => Promise<void>;
  /** Ends the session (the member declines). */
  signOut: () => Promise<void>;
}) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);

  const onAccept = async () => {
    setBusy(true);
    setFailed(false);
    try {
      await accept(terms.version);
    } catch {
      // A newer version may have been published meanwhile: the status query shows it.
      setFailed(true);
    } finally {
      setBusy(false);
    }
  };

  const onSignOut = async () => {
    setBusy(true);
    await signOut();
    setBusy(false);
  };

  return (
    <Dialog.Root open>
      <Dialog.Portal>
        <Dialog.Overlay className="modal-fade fixed inset-0 z-40 bg-black/70" />
        <Dialog.Content
          onEscapeKeyDown={(e) => e.preventDefault()}
          onPointerDownOutside={(e) => e.preventDefault()}
          onInteractOutside={(e) => e.preventDefault()}
          data-testid="terms-dialog"
          className="modal-fade fixed top-1/2 left-1/2 z-50 flex max-h-[92dvh] w-[calc(100vw-24px)] max-w-2xl -translate-x-1/2 -translate-y-1/2 flex-col rounded-xl bg-(--surface-raised) p-5 text-(--text) shadow-2xl sm:p-6"
        >
          <Dialog.Title className="mb-2 text-lg font-bold text-(--accent)">{t('legal.terms.title')}</Dialog.Title>
          <Dialog.Description className="mb-3 text-sm">
            {t('legal.terms.intro', { version: terms.version })}
          </Dialog.Description>
          {terms.summary && (
            <p className="mb-3 rounded-lg bg-(--surface) p-3 text-sm">
              <span className="font-semibold">{t('legal.terms.changes')}: </span>
              {terms.summary}
            </p>
          )}
          <section
            aria-label={terms.title}
            // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region is reached by keyboard (axe scrollable-region-focusable)
            tabIndex={0}
            className="min-h-24 flex-1 overflow-y-auto rounded-lg border border-(--text-muted)/25 p-4 text-sm"
          >
            <h3 className="mb-2 font-bold">{terms.title}</h3>
            <LegalBlocks body={terms.body} fill={fill} headingLevel={3} />
          </section>
          {failed && (
            <p role="alert" className="mt-3 text-sm text-(--danger)">
              {t('legal.terms.failed')}
            </p>
          )}
          <div className="mt-4 flex flex-wrap justify-end gap-2">
            <Button variant="secondary" onClick={onSignOut} disabled={busy}>
              {t('legal.terms.decline')}
            </Button>
            <Button onClick={onAccept} disabled={busy}>
              {t('legal.terms.accept')}
            </Button>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
