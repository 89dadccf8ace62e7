import { ChangePasswordModal } from './change-password-modal';
import { ForgotPasswordModal } from './forgot-password-modal';
import { LoginModal } from './login-modal';
import { RegisterModal } from './register-modal';

/** The account modals of spec §2, loaded as one chunk the first time one of them opens. */
export function AccountModals() {
  return (
    <>
      <LoginModal />
      <RegisterModal />
      <ForgotPasswordModal />
      <ChangePasswordModal />
    </>
  );
}
