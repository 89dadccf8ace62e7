import type { WhitelabelSwitch } from '@gamehall/shared/constants';
import type { FieldErrorReason } from '@gamehall/shared/errors';
import type { z } from 'zod';
import type { AppContext } from '../../context';
import { AppError, fieldErrors } from '../../http/errors';
import { smsSentToday } from '../accounts/sms.service';
import {
  type BrandSettings,
  BrandSettingsSchema,
  getBrand,
  setBrandSetting,
  setSwitch,
  whitelabelSwitchRow,
  whitelabelSwitchRows,
} from '../brand/brand.service';

// The back office's brand settings and whitelabel switches: reading them all and changing one, each
// value checked against the brand schema. Apart from brand.service so that the brand every module
// reads does not depend on the accounts module (the SMS count shown beside the settings).

/** Every brand setting with the value the site uses now, and the whitelabel switches. */
export async function brandConfiguration(ctx: AppContext) {
  const [brand, switches, smsSent] = await Promise.all([
    getBrand(ctx.db),
    whitelabelSwitchRows(ctx.db),
    smsSentToday(ctx, ctx.db),
  ]);
  return { brand, switches, smsSentToday: smsSent };
}

function isBrandKey(key: string): key is keyof BrandSettings {
  return Object.hasOwn(BrandSettingsSchema.shape, key);
}

/**
 * Changes one brand setting; the value must have the type the brand schema gives the key. Without a
 * value the schema would store the key's default, so a missing value is refused, not a reset.
 */
export async function changeBrandSetting(ctx: AppContext, key: string, value: unknown) {
  if (!isBrandKey(key)) throw new AppError('NOT_FOUND');
  if (value === undefined) throw fieldErrors({ value: 'REQUIRED' });
  const parsed = (BrandSettingsSchema.shape[key] as z.ZodType).safeParse(value);
  if (!parsed.success) throw fieldErrors({ value: reasonOf(parsed.error.issues[0]) });
  const old = (await getBrand(ctx.db))[key];
  await setBrandSetting(ctx.db, key, parsed.data as BrandSettings[typeof key]);
  return { key, old, value: parsed.data };
}

/** Turns a whitelabel switch on or off; only switches the brand has rows for exist. */
export async function changeSwitch(ctx: AppContext, modId: string, enabled: boolean) {
  const row = await whitelabelSwitchRow(ctx.db, modId);
  if (!row) throw new AppError('NOT_FOUND');
  await setSwitch(ctx.db, row.mod_id as WhitelabelSwitch, enabled);
  return { row: { ...row, enabled }, old: row.enabled };
}

// The field reasons of api-conventions (REQUIRED, TOO_SHORT, ...) for a zod issue on a setting value.
function reasonOf(issue: z.core.$ZodIssue | undefined): FieldErrorReason {
  switch (issue?.code) {
    case 'too_small':
      return 'TOO_SHORT';
    case 'too_big':
      return 'TOO_LONG';
    case 'invalid_format':
      return 'PATTERN';
    default:
      return 'INVALID';
  }
}
