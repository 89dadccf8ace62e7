import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ChangePasswordForm } from '../../components/change-password-form';
import { Modal } from '../../components/ui/modal';
import { closeModal, modalStore } from '../../lib/modals';

// spec §4: the forced change after a login with the default or an expired password.
export function ChangePasswordModal() {
  const { t } = useTranslation();
  const open = modalStore.use() === 'changePass';
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  return (
    <Modal open={open} onClose={closeModal} title={t('auth.changePassword')}>
      <p className="mb-4 text-sm text-(--text-muted)">{t('auth.forcedChangeIntro')}</p>
      <ChangePasswordForm
        onDone={() => {
          closeModal();
          void queryClient.invalidateQueries({ queryKey: ['member'] });
          navigate('/');
        }}
      />
    </Modal>
  );
}
