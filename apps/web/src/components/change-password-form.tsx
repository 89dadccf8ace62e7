import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { apiRequest } from '../lib/api-client';
import { errorMessage } from '../lib/errors';
import { Button } from './ui/button';
import { Field } from './ui/field';

/** spec §5 Change password: old password, new password, confirmation equal to the new one. */
export function ChangePasswordForm({ onDone }: { onDone: () => void }) {
  const { t } = useTranslation();
  const [oldPassword, setOld] = useState('');
  const [newPassword, setNew] = useState('');
  const [confirm, setConfirm] = useState('');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!oldPassword) return setError(t('validation.required'));
    if (!newPassword) return setError(t('validation.newPassword'));
    if (confirm !== newPassword) return setError(t('validation.confirmMismatch'));
    setBusy(true);
    setError('');
    try {
      await apiRequest('/wps/member/password', {
        method: 'POST',
        encrypted: true,
        body: { oldPassword, newPassword, confirmNewPassword: confirm },
      });
      onDone();
    } catch (err) {
      setError(errorMessage(t, err));
    } finally {
      setBusy(false);
    }
  };
  return (
    <form onSubmit={submit} noValidate>
      <Field
        label={t('auth.oldPassword')}
        required
        type="password"
        name="oldPassword"
        autoComplete="current-password"
        value={oldPassword}
        onChange={(e) => setOld(e.target.value)}
      />
      <Field
        label={t('auth.newPassword')}
        required
        type="password"
        name="newPassword"
        autoComplete="new-password"
        value={newPassword}
        onChange={(e) => setNew(e.target.value)}
      />
      <Field
        label={t('auth.confirmPassword')}
        required
        type="password"
        name="confirmNewPassword"
        autoComplete="new-password"
        value={confirm}
        onChange={(e) => setConfirm(e.target.value)}
      />
      {error && (
        <p role="alert" className="mb-3 text-sm text-(--danger)">
          {error}
        </p>
      )}
      <Button type="submit" className="w-full" disabled={busy}>
        {t('common.submit')}
      </Button>
    </form>
  );
}
