import type { GameMenus } from '@gamehall/shared/api/catalogue';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { VendorMaintenanceMark } from '../../components/maintenance-mark';
import { imageUrl, vendorIconUrl } from '../../lib/art';
import { DROP_MENU_VENDORS, vendorDisplayName } from '../../lib/game-menus';
import { paths } from '../paths';

/** A category's vendors under its header link, shown on hover or focus (desktop). */
export function VendorDropdown({ category }: { category: GameMenus[number] }) {
  const { t } = useTranslation();
  const shown = category.vendors.slice(0, DROP_MENU_VENDORS);
  const route = paths.category(category.gameCategory);
  return (
    <div className="invisible absolute inset-x-0 top-full z-40 hidden grid-cols-7 gap-2 rounded-b-lg bg-(--surface-raised) p-3 opacity-0 shadow-xl transition group-focus-within:visible group-focus-within:opacity-100 group-hover:visible group-hover:opacity-100 min-[900px]:grid">
      {shown.map((vendor) => (
        <Link
          key={vendor.vassalage}
          to={`${route}?vassalage=${encodeURIComponent(vendor.vassalage)}`}
          className="flex flex-col items-center gap-1 rounded p-2 text-center text-xs hover:bg-(--surface)"
        >
          <img src={imageUrl(vendorIconUrl(vendor.vassalage))} alt="" width={56} height={56} loading="lazy" />
          <span className="line-clamp-1">{vendorDisplayName(vendor.vassalage, vendor.name, t)}</span>
          {/* Listed and marked as in the game lists: its games show, and refuse to launch for now. */}
          {vendor.maintenance && <VendorMaintenanceMark />}
        </Link>
      ))}
      {shown.length === DROP_MENU_VENDORS && (
        <Link
          to={route}
          className="flex items-center justify-center rounded p-2 text-xs font-semibold text-(--accent) hover:bg-(--surface)"
        >
          {t('nav.more')}
        </Link>
      )}
    </div>
  );
}
