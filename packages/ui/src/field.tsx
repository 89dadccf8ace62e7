import { type InputHTMLAttributes, type ReactNode, useId } from 'react';

// A labelled input with the required mark, hint text and error of spec §5 ("Items marked * are required").
export function Field({
  label,
  required = false,
  hint,
  error,
  leading,
  suffix,
  ref,
  ...input
}: InputHTMLAttributes<HTMLInputElement> & {
  label: string;
  required?: boolean;
  hint?: string;
  error?: string;
  /** Before the input (a dialing code), as `suffix` goes after it (a send-code button). */
  leading?: ReactNode;
  suffix?: ReactNode;
  ref?: React.Ref<HTMLInputElement>;
}) {
  const id = useId();
  const describedBy = error ? `${id}-error` : hint ? `${id}-hint` : undefined;
  return (
    <div className="mb-3">
      <label htmlFor={id} className="mb-1 block text-sm font-medium text-(--text)">
        {required && (
          <span className="mr-0.5 text-(--danger)" aria-hidden>
            *
          </span>
        )}
        {label}
      </label>
      <div className="flex gap-2">
        {leading}
        <input
          id={id}
          ref={ref}
          aria-invalid={Boolean(error)}
          aria-describedby={describedBy}
          className="min-w-0 flex-1 rounded-md border border-(--text-muted)/40 bg-(--surface) px-3 py-2 text-sm text-(--text) placeholder:text-(--text-muted) focus:border-(--accent) focus:outline-none"
          {...input}
        />
        {suffix}
      </div>
      {error ? (
        <p id={`${id}-error`} role="alert" className="mt-1 text-xs text-(--danger)">
          {error}
        </p>
      ) : hint ? (
        <p id={`${id}-hint`} className="mt-1 text-xs text-(--text-muted)">
          {hint}
        </p>
      ) : null}
    </div>
  );
}
