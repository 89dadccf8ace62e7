import { OperatorRecoveryCodesBody } from '@gamehall/shared/api/operators';
import { Button } from '@gamehall/ui/button';
import { Field } from '@gamehall/ui/field';
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../lib/errors';
import { validate } from '../../lib/form-errors';
import { meQuery } from '../../lib/session';
import { regenerateRecoveryCodes } from './api';

/**
 * New recovery codes for an operator with two-factor sign-in on, confirmed with a current code of
 * the authenticator app; the old codes stop working, and the new ones are shown this once.
 */
export function RecoveryCodesPanel() {
  const { t } = useTranslation('auth');
  const queryClient = useQueryClient();
  const [code, setCode] = useState('');
  const [fieldError, setFieldError] = useState('');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const [codes, setCodes] = useState<string[] | null>(null);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setError('');
    const checked = validate(OperatorRecoveryCodesBody, { code: code.replace(/\s+/g, '') });
    setFieldError(checked.errors.code ?? '');
    if (!checked.data) return;
    const body = checked.data;
    setBusy(true);
    try {
      setCodes((await regenerateRecoveryCodes(body.code)).recoveryCodes);
      setCode('');
      await queryClient.invalidateQueries({ queryKey: meQuery.queryKey });
    } catch (err) {
      setError(errorMessage(err));
    } finally {
      setBusy(false);
    }
  };
  return (
    <section className="mb-6 max-w-lg" aria-labelledby="recovery-title">
      <h2 id="recovery-title" className="mb-2 font-semibold">
        {t('recovery.title')}
      </h2>
      {codes ? (
        <div>
          <p className="mb-2 text-sm">{t('recovery.intro')}</p>
          <ul
            data-testid="new-recovery-codes"
            className="mb-4 grid grid-cols-2 gap-1 rounded-md bg-(--surface) p-3 font-mono text-sm"
          >
            {codes.map((c) => (
              <li key={c}>{c}</li>
            ))}
          </ul>
          <Button variant="secondary" onClick={() => setCodes(null)}>
            {t('enrol.saved')}
          </Button>
        </div>
      ) : (
        <form onSubmit={submit} noValidate>
          <p className="mb-3 text-sm text-(--text-muted)">{t('recovery.hint')}</p>
          <Field
            label={t('recovery.code')}
            required
            name="code"
            inputMode="numeric"
            autoComplete="one-time-code"
            value={code}
            error={fieldError}
            onChange={(e) => setCode(e.target.value)}
          />
          {error && (
            <p role="alert" className="mb-3 text-sm text-(--danger)">
              {error}
            </p>
          )}
          <Button type="submit" variant="secondary" disabled={busy}>
            {t('recovery.submit')}
          </Button>
        </form>
      )}
    </section>
  );
}
