import { createStore } from './store';

// spec §2 Modals: one account modal at a time.
export type ModalName = 'login' | 'register' | 'forgetPass' | 'changePass' | 'notice' | 'public' | null;

export const modalStore = createStore<ModalName>(null);

export function openModal(name: ModalName): void {
  modalStore.set(name);
}

export function closeModal(): void {
  modalStore.set(null);
}
