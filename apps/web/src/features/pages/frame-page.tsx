import { Construction } from 'lucide-react';
import { useTranslation } from 'react-i18next';

// Pages whose content belongs to a later issue render their real frame and say what will be there.
export function FramePage({ name }: { name: string }) {
  const { t } = useTranslation();
  return (
    <div className="mx-auto max-w-7xl px-4 py-10">
      <h1 className="mb-6 text-2xl font-bold">{t(`pages.${name}.title`)}</h1>
      <div className="flex flex-col items-center gap-3 rounded-xl border border-dashed border-(--text-muted)/40 p-12 text-center text-(--text-muted)">
        <Construction size={40} aria-hidden className="text-(--accent)" />
        <p>{t(`pages.${name}.empty`)}</p>
      </div>
    </div>
  );
}
