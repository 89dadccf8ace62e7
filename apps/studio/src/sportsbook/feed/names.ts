// The simulator's invented names: towns of an imaginary archipelago (Filipino-flavoured words for
// light, wind and sea, never a real municipality's name on purpose), club nicknames, tennis
// players, e-sports organisations and gamefarms. None is meant to be a real club's, player's or
// company's name; the lists stay fixed so a team keeps its name across restarts and secrets.

const TOWN_PREFIXES = ['San', 'Bagong', 'Puerto'] as const;
const TOWN_ROOTS = [
  'Liwayway',
  'Kalinaw',
  'Tanglaw',
  'Himig',
  'Luntian',
  'Hiraya',
  'Silakbo',
  'Marikit',
  'Bahaghari',
  'Alapaap',
  'Kislap',
  'Ningning',
  'Lualhati',
  'Dapithapon',
  'Takipsilim',
  'Sinagtala',
] as const;

/** 48 invented towns: each root with each prefix, ordered so that neighbours differ in both. */
export const TOWNS: readonly string[] = TOWN_PREFIXES.flatMap((_, p) =>
  TOWN_ROOTS.map((root, r) => `${TOWN_PREFIXES[(p + r) % TOWN_PREFIXES.length]} ${root}`),
);

export const FOOTBALL_NICKNAMES = [
  'FC',
  'United',
  'Tide',
  'Mariners',
  'Hornbills',
  'Typhoons',
  'Kingfishers',
  'Lanterns',
  'Tarsiers',
  'Rovers',
  'Athletic',
  'Pearls',
] as const;

/** The nicknames of the leagues added for a fuller day, so their clubs are not the older leagues' again. */
export const FOOTBALL_NICKNAMES_B = [
  'Carabaos',
  'Outriggers',
  'Swiftlets',
  'Herons',
  'Corsairs',
  'Cyclones',
  'Seahorses',
  'Wayfarers',
  'Sampaguitas',
  'Driftwood',
  'Fishermen',
  'Coral',
] as const;

export const BASKETBALL_NICKNAMES = [
  'Sky Riders',
  'Monsoon',
  'Storm Petrels',
  'Mango Pickers',
  'Sunbirds',
  'Fire Ants',
  'Coconut Crabs',
  'Riptide',
  'Stingrays',
  'Whalesharks',
] as const;

export const BASKETBALL_NICKNAMES_B = [
  'Thunderheads',
  'Mudskippers',
  'Cormorants',
  'Pangolins',
  'Tidewalkers',
  'Firebirds',
  'Jetstream',
  'Moonrakers',
  'Boatmen',
  'Sandpipers',
  'Gales',
  'Egrets',
  'Lightning',
  'Sailfish',
] as const;

export const ESPORTS_TEAMS = [
  'Alon Rift',
  'Sinag Vanguard',
  'Bituin Nova',
  'Kislap Reapers',
  'Ulap Phantoms',
  'Buhawi Gaming',
  'Ningning Esports',
  'Silakbo Five',
  'Hiraya Collective',
  'Tanglaw Squad',
  'Luntian Ravens',
  'Daluyong Club',
] as const;

const FIRST_NAMES_A = [
  'Andres',
  'Lukas',
  'Mateo',
  'Kenji',
  'Paolo',
  'Tomas',
  'Emil',
  'Dario',
  'Joaquin',
  'Noel',
  'Ivo',
  'Renz',
];
const FIRST_NAMES_B = [
  'Mika',
  'Isabel',
  'Lea',
  'Sofia',
  'Hana',
  'Clara',
  'Ines',
  'Yumi',
  'Bea',
  'Nadia',
  'Alma',
  'Reina',
];
const SURNAMES = [
  'Kalinawan',
  'Tanglawin',
  'Himigson',
  'Luntiano',
  'Dalisayco',
  'Hirayano',
  'Marikitan',
  'Silakbon',
  'Alapaapin',
  'Kislapor',
  'Ningningco',
  'Payapaan',
  'Vellacourt',
  'Ostravin',
  'Korvanek',
  'Mirandel',
  'Talvaine',
  'Brenvik',
  'Castellor',
  'Delacroy',
  'Feroux',
  'Halvorsk',
  'Moravane',
  'Nordhelm',
] as const;

/** `count` distinct invented players; `set` 'a' or 'b' picks the list of first names. */
export function players(count: number, set: 'a' | 'b', offset = 0): string[] {
  const first = set === 'a' ? FIRST_NAMES_A : FIRST_NAMES_B;
  const out: string[] = [];
  for (let i = 0; i < count; i++) {
    // The surname walks the list with a stride prime to its length, so pairs do not repeat.
    const surname = SURNAMES[(offset + i * 7) % SURNAMES.length];
    out.push(`${first[(offset + i) % first.length]} ${surname}`);
  }
  return out;
}

const FARM_FORMS = ['{} Gamefarm', 'Rancho {}', '{} Breeders', '{} Farms'] as const;
const FARM_ROOTS = [
  'Tatlong Tala',
  'Pulang Araw',
  'Kalinaw',
  'Bagwis',
  'Dagitab',
  'Lakan Ilaw',
  'Silakbo',
  'Gintong Ulap',
  'Himig',
  'Marikit',
  'Amihan',
  'Dalisay',
] as const;

/** Invented gamefarms (the cockfight derbies' entries). */
export function gamefarms(count: number, offset = 0): string[] {
  const out: string[] = [];
  for (let i = 0; i < count; i++) {
    const root = FARM_ROOTS[(offset + i) % FARM_ROOTS.length]!;
    const form = FARM_FORMS[Math.floor((offset + i) / FARM_ROOTS.length) % FARM_FORMS.length]!;
    out.push(form.replace('{}', root));
  }
  return out;
}
