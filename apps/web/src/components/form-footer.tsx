import type { ReactNode } from 'react';
import { Button } from './ui/button';

/** The form-level error (server refusals) and the submit button every account form ends with. */
export function FormFooter({ error, busy = false, children }: { error: string; busy?: boolean; children: ReactNode }) {
  return (
    <>
      {error && (
        <p role="alert" className="mb-3 text-sm text-(--danger)">
          {error}
        </p>
      )}
      <Button type="submit" className="w-full" disabled={busy}>
        {children}
      </Button>
    </>
  );
}
