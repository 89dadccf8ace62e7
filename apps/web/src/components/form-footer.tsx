import { Button } from '@gamehall/ui/button';
import type { ReactNode } from 'react';

/**
 * The form-level error (server refusals) and the submit button every account form ends with;
 * `secondary` sits beside the submit button (registration's reset).
 */
export function FormFooter({
  error,
  busy = false,
  secondary,
  children,
}: {
  error: string;
  busy?: boolean;
  secondary?: ReactNode;
  children: ReactNode;
}) {
  return (
    <>
      {error && (
        <p role="alert" className="mb-3 text-sm text-(--danger)">
          {error}
        </p>
      )}
      <div className="flex gap-2">
        {secondary}
        <Button type="submit" className="flex-1" disabled={busy}>
          {children}
        </Button>
      </div>
    </>
  );
}
