import { Wrench } from 'lucide-react';
import { useTranslation } from 'react-i18next';

/**
 * spec §8 game maintenance: a vendor in maintenance stays listed with this mark (the provider chips
 * of a game list, the header's drop-down menu). Its words are part of the link or button it sits
 * in, so a screen reader says "<vendor> Maintenance".
 */
export function VendorMaintenanceMark() {
  const { t } = useTranslation();
  return (
    <span
      className="flex items-center gap-0.5 rounded-full bg-(--surface) px-1.5 text-[10px] text-(--text-muted) uppercase"
      data-testid="vendor-maintenance"
    >
      <Wrench size={10} aria-hidden />
      {t('games.maintenance')}
    </span>
  );
}
