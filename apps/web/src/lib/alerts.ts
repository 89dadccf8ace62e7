import { createStore } from './store';

// A confirmation or warning dialog opened from anywhere: `showAlert({...})` resolves true on
// confirm. The dialog itself (components/ui/alert-dialog.tsx) loads on first use.
export type AlertRequest = {
  message: string;
  tone?: 'warning' | 'success';
  confirmLabel?: string;
  cancellable?: boolean;
  resolve: (ok: boolean) => void;
};

export const alertStore = createStore<AlertRequest | null>(null);

export function showAlert(request: Omit<AlertRequest, 'resolve'>): Promise<boolean> {
  return new Promise((resolve) => alertStore.set({ ...request, resolve }));
}
