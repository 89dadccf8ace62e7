import type { ConsoleFeature, ConsoleMemberTab } from './feature';

// The console's features, in menu order. Registering a feature is one line here: its folder name.
// Each folder features/<area>/ exports `feature` from routes.ts (see apps/console/README.md); a
// listed area whose folder is not there yet is left out, an unlisted folder is an error at start.
export const FEATURE_ORDER = [
  'dashboard',
  'members',
  'cashier',
  'reports',
  'content',
  'games',
  'sportsbook',
  'pvp',
  'agents',
  'points',
  'rewards',
  'referrals',
  'tickets',
  'missions',
  'vip',
  'messages',
  'support',
  'kyc',
  'risk',
  'protection',
  'site',
  'operators',
  'audit',
] as const;

const modules = import.meta.glob<{ feature: ConsoleFeature }>('../features/*/routes.ts', { eager: true });

function loadFeatures(): ConsoleFeature[] {
  const byArea = new Map<string, ConsoleFeature>();
  for (const [file, mod] of Object.entries(modules)) {
    const folder = file.split('/')[2] ?? '';
    if (!(FEATURE_ORDER as readonly string[]).includes(folder)) {
      throw new Error(`features/${folder}/routes.ts is not listed in app/registry.ts FEATURE_ORDER`);
    }
    if (mod.feature.area !== folder)
      throw new Error(`features/${folder}/routes.ts names its area '${mod.feature.area}'`);
    byArea.set(folder, mod.feature);
  }
  return FEATURE_ORDER.flatMap((area) => byArea.get(area) ?? []);
}

export const FEATURES: readonly ConsoleFeature[] = loadFeatures();

/** The member page's tabs other features add, with the area whose namespace labels each. */
export const MEMBER_TABS: readonly (ConsoleMemberTab & { area: string })[] = FEATURES.flatMap((f) =>
  (f.memberTabs ?? []).map((tab) => ({ ...tab, area: f.area })),
);
