import { type GameMenus, vendorIconUrl } from '@gamehall/shared/api/catalogue';
import type { MenuCategory } from './catalogue.service';

export function presentGameMenus(categories: MenuCategory[]): GameMenus {
  return categories.map((c) => ({
    gameCategory: c.gameType,
    vendors: c.vendors.map((v) => ({
      vassalage: v.vendor_code,
      name: v.name,
      lagerIcon: vendorIconUrl(v.vendor_code),
      accountTypeName: v.account_type_name,
      isGame: v.is_game,
      gameCount: Number(v.game_count ?? 0),
      playableCount: v.vendor_status === 'active' ? Number(v.active_count ?? 0) : 0,
      maintenance: v.vendor_status === 'maintenance',
    })),
  }));
}
