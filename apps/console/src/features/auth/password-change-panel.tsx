import { OperatorPassword } from '@gamehall/shared/api/operators';
import { Button } from '@gamehall/ui/button';
import { Field } from '@gamehall/ui/field';
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../lib/errors';
import { fieldMessage, serverFieldErrors } from '../../lib/form-errors';
import { meQuery, useMe } from '../../lib/session';
import { changePassword } from './api';

/**
 * The operator's own password change: the current one, the new one twice (the operator password
 * rule), and a code when two-factor sign-in is on. `forced` after an administrator set the password:
 * the console shows nothing else until it is done.
 */
export function PasswordChangePanel({ forced = false, onDone }: { forced?: boolean; onDone?: () => void }) {
  const { t } = useTranslation('auth');
  const queryClient = useQueryClient();
  const me = useMe();
  const [oldPassword, setOldPassword] = useState('');
  const [newPassword, setNewPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [code, setCode] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [error, setError] = useState('');
  const [done, setDone] = useState(false);
  const [busy, setBusy] = useState(false);
  const withCode = me?.twoFactor.enabled === true;

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const found: Record<string, string> = {};
    if (!oldPassword) found.oldPassword = t('required');
    const rule = OperatorPassword.safeParse(newPassword);
    if (!newPassword) found.newPassword = t('required');
    else if (!rule.success) found.newPassword = fieldMessage(newPassword.length < 10 ? 'TOO_SHORT' : 'PATTERN');
    if (newPassword && confirm !== newPassword) found.confirm = t('passwordChange.mismatch');
    if (withCode && !code.trim()) found.code = t('required');
    setErrors(found);
    setError('');
    setDone(false);
    if (Object.keys(found).length > 0) return;
    setBusy(true);
    try {
      await changePassword({ oldPassword, newPassword, ...(withCode ? { code: code.replace(/\s+/g, '') } : {}) });
      setOldPassword('');
      setNewPassword('');
      setConfirm('');
      setCode('');
      setDone(true);
      await queryClient.invalidateQueries({ queryKey: meQuery.queryKey });
      onDone?.();
    } catch (err) {
      setErrors(serverFieldErrors(err));
      setError(errorMessage(err));
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="max-w-lg" aria-labelledby="password-change-title">
      {/* Forced, it is the page itself; on the account page, one of its sections. */}
      {forced ? (
        <h1 id="password-change-title" className="mb-2 text-xl font-bold">
          {t('passwordChange.title')}
        </h1>
      ) : (
        <h2 id="password-change-title" className="mb-2 font-semibold">
          {t('passwordChange.title')}
        </h2>
      )}
      {forced && <p className="mb-4 text-sm text-(--text-muted)">{t('passwordChange.forced')}</p>}
      <form onSubmit={submit} noValidate>
        <Field
          label={t('passwordChange.old')}
          required
          name="oldPassword"
          type="password"
          autoComplete="current-password"
          value={oldPassword}
          error={errors.oldPassword}
          onChange={(e) => setOldPassword(e.target.value)}
        />
        <Field
          label={t('passwordChange.new')}
          required
          name="newPassword"
          type="password"
          autoComplete="new-password"
          hint={t('passwordChange.newHint')}
          value={newPassword}
          error={errors.newPassword}
          onChange={(e) => setNewPassword(e.target.value)}
        />
        <Field
          label={t('passwordChange.confirm')}
          required
          name="confirmPassword"
          type="password"
          autoComplete="new-password"
          value={confirm}
          error={errors.confirm}
          onChange={(e) => setConfirm(e.target.value)}
        />
        {withCode && (
          <Field
            label={t('passwordChange.code')}
            required
            name="code"
            autoComplete="one-time-code"
            value={code}
            error={errors.code}
            onChange={(e) => setCode(e.target.value)}
          />
        )}
        {error && (
          <p role="alert" className="mb-3 text-sm text-(--danger)">
            {error}
          </p>
        )}
        {done && !forced && (
          <p role="status" className="mb-3 text-sm">
            {t('passwordChange.done')}
          </p>
        )}
        <Button type="submit" disabled={busy}>
          {t('passwordChange.submit')}
        </Button>
      </form>
    </section>
  );
}
