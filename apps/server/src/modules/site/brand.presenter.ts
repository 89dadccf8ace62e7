import type { AdminBrandSettings, AdminBrandSwitch } from '@gamehall/shared/api/admin';
import { type Brand, BrandSettingsSchema } from '../brand/brand.service';

type SwitchRow = { mod_id: string; parent_mod_id: string | null; name: string; enabled: boolean };

export function presentAdminSwitch(row: SwitchRow): AdminBrandSwitch {
  return { modId: row.mod_id, parentModId: row.parent_mod_id, name: row.name, enabled: row.enabled };
}

// Every key of the brand schema, in the schema's order, with the value the site uses now.
export function presentAdminBrandSettings(
  brand: Brand,
  switches: SwitchRow[],
  smsSentToday: number,
): AdminBrandSettings {
  return {
    settings: Object.keys(BrandSettingsSchema.shape).map((key) => ({ key, value: brand[key as keyof Brand] })),
    switches: switches.map(presentAdminSwitch),
    smsSentToday,
  };
}
