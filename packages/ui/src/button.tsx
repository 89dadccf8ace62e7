import type { ButtonHTMLAttributes } from 'react';

type Variant = 'primary' | 'secondary' | 'ghost' | 'danger';

const VARIANTS: Record<Variant, string> = {
  primary: 'bg-(--accent) text-(--accent-contrast) hover:brightness-110',
  secondary: 'border border-(--accent) text-(--accent) hover:bg-(--accent)/10',
  ghost: 'text-(--text) hover:bg-(--surface-raised)',
  // --danger-contrast: an app whose --danger is light (a dark theme) sets dark text for it; white otherwise.
  danger: 'bg-(--danger) text-[var(--danger-contrast,#fff)] hover:brightness-110',
};

export function Button({
  variant = 'primary',
  className = '',
  type = 'button',
  ...props
}: ButtonHTMLAttributes<HTMLButtonElement> & { variant?: Variant }) {
  return (
    <button
      type={type}
      className={`inline-flex items-center justify-center gap-2 rounded-md px-4 py-2 text-sm font-semibold transition disabled:cursor-not-allowed disabled:opacity-50 ${VARIANTS[variant]} ${className}`}
      {...props}
    />
  );
}
