import type { AppContext } from '../context';
import {
  addMissingBrandSettings,
  type BrandSettings,
  brandDefaults,
  forgetBrand,
  getBrand,
} from '../modules/brand/brand.service';
import { kycDemoBrandSettings } from '../modules/kyc/kyc.seed';
import { seedDemoMissions } from '../modules/missions/missions.seed';
import { seedPointsCatalogue } from '../modules/points/points.seed';
import { seedDemoReferrals } from '../modules/referrals/referrals.seed';
import { seedDemoPromotions } from '../modules/rewards/rewards.seed';
import { seedDemoTicketKinds } from '../modules/tickets/tickets.seed';
import { seedDemoVip } from '../modules/vip/vip.seed';
import { seedBrand } from './brand-seed';
import { seedCashier } from './cashier-seed';
import { seedCatalogue } from './catalogue-seed';
import { seedContent } from './content-seed';
import { hashDemoPasswords, missingDemoAccounts, seedDemoAccounts } from './demo-accounts-seed';
import { seedLegalPages } from './legal-seed';
import { seedOperatorRoles } from './operators-seed';
import { lockSeed } from './seed.queries';
import { seedVendorIntegrations } from './vendor-integrations-seed';

// The demo shows what a brand in a market that asks for cookie consent shows; a brand outside demo
// mode starts without the banner (brandDefaults) and its operator turns it on where needed.
const DEMO_BRAND_SETTINGS: Pick<BrandSettings, 'cookieConsentBanner'> = { cookieConsentBanner: true };

export type SeedOptions = { demo: boolean; catalogueSlots: number };

/**
 * Idempotent seed: brand defaults always (never overwriting what an operator changed); demo content
 * and demo accounts only in demo mode. Everything after the password hashing runs in one
 * transaction under an advisory lock, so several nodes starting together seed once, and a failed
 * start leaves nothing half-written.
 */
export async function seed(ctx: AppContext, options: SeedOptions): Promise<void> {
  if (options.demo) await addMissingBrandSettings(ctx.db, { ...kycDemoBrandSettings, ...DEMO_BRAND_SETTINGS });
  await addMissingBrandSettings(ctx.db, brandDefaults);
  const brand = await getBrand(ctx.db);

  // Hashing is the slow part; it happens outside the transaction and only for missing accounts.
  const hashes = options.demo
    ? await hashDemoPasswords(await missingDemoAccounts(ctx.db), brand.defaultPassword)
    : new Map<string, string>();

  const now = ctx.now();
  await ctx.db.transaction().execute(async (trx) => {
    await lockSeed(trx);
    await seedBrand(trx);
    await seedCatalogue(trx, { demo: options.demo, slots: options.catalogueSlots });
    await seedVendorIntegrations(trx, { houseSecret: ctx.config.studioSecret, currency: brand.currency });
    await seedCashier(trx, options.demo);
    if (!options.demo) return seedOperatorRoles(trx, { demo: false, now });
    await seedContent(trx, now);
    await seedDemoAccounts(trx, hashes, { now, currency: brand.currency });
    // After the accounts: they accepted version 1 of the terms when the demo was made.
    await seedLegalPages(trx, now);
    await seedOperatorRoles(trx, { demo: true, now });
    await seedDemoPromotions(trx, now);
    // The demo's referral rules grant this wheel: seeded only when the wheel is.
    const wheelId = await seedDemoTicketKinds(trx, now);
    if (wheelId !== undefined) await seedDemoReferrals(trx, wheelId, now);
    // After the ticket kinds: its ticket rewards issue them.
    await seedPointsCatalogue(trx, now);
    await seedDemoMissions(trx, now);
    await seedDemoVip(trx, now);
  });
  // The brand read above predates the switches the transaction wrote: a site that answered within
  // the brand cache's time would refuse registration as not enabled.
  forgetBrand();
}
