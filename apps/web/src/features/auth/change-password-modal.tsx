import { Modal } from '@gamehall/ui/modal';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ChangePasswordForm } from '../../components/change-password-form';
import { closeModal, modalStore } from '../../lib/modals';
import { forgetPasswordForChange, knownPasswordForChange } from './api';

// spec §4: the forced change after a login with the default or an expired password.
export function ChangePasswordModal() {
  const { t } = useTranslation();
  const open = modalStore.use() === 'changePass';
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const close = () => {
    forgetPasswordForChange();
    closeModal();
  };
  return (
    <Modal open={open} onClose={close} title={t('auth.changePassword')}>
      <p className="mb-4 text-sm text-(--text-muted)">{t('auth.forcedChangeIntro')}</p>
      {open && (
        <ChangePasswordForm
          knownPassword={knownPasswordForChange()}
          onDone={() => {
            close();
            void queryClient.invalidateQueries({ queryKey: ['member'] });
            navigate('/');
          }}
        />
      )}
    </Modal>
  );
}
