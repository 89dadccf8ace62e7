import type { ReactNode } from 'react';
import { Link } from 'react-router';

/** spec §2 Game tile: a home section title has an icon, text, optional subtitle and optional more link. */
export function SectionTitle({
  icon,
  title,
  subtitle,
  more,
}: {
  icon: ReactNode;
  title: string;
  subtitle?: string;
  more?: { to: string; label: string };
}) {
  return (
    <div className="mb-4 flex items-end justify-between gap-3">
      <div>
        <h2 className="flex items-center gap-2 text-xl font-bold">
          <span className="text-(--accent)">{icon}</span>
          {title}
        </h2>
        {subtitle && <p className="text-sm text-(--text-muted)">{subtitle}</p>}
      </div>
      {more && (
        <Link to={more.to} className="text-sm font-semibold text-(--accent) hover:underline">
          {more.label}
        </Link>
      )}
    </div>
  );
}

export function EmptyState({ children }: { children: ReactNode }) {
  return (
    <p className="rounded-xl border border-dashed border-(--text-muted)/40 p-8 text-center text-sm text-(--text-muted)">
      {children}
    </p>
  );
}
