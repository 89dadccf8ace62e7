import { type QueryKey, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { errorMessage } from './errors';
import { serverFieldErrors } from './form-errors';

/**
 * The state of a dialog's form that sends one change: the field errors (the shared schema's, then
 * the server's), the server's refusal and the busy flag. `run` sends the change and refreshes the
 * lists under `queryKey`; it answers false (the dialog stays open, showing why) when it was refused.
 */
export function useFormAction(queryKey: QueryKey) {
  const queryClient = useQueryClient();
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const reset = () => {
    setErrors({});
    setError('');
  };
  const run = async (work: () => Promise<unknown>): Promise<boolean> => {
    setBusy(true);
    setError('');
    try {
      await work();
      await queryClient.invalidateQueries({ queryKey });
      return true;
    } catch (err) {
      setErrors(serverFieldErrors(err));
      setError(errorMessage(err));
      return false;
    } finally {
      setBusy(false);
    }
  };
  return { errors, setErrors, error, busy, reset, run };
}
