// Module boundaries of Gamehall (docs: ../shared/design/architecture.md, "Rules of the house").
// Run: npm run boundaries (part of npm test). Paths are relative to the repository root.
//
// Type-only imports (`import type`) are cruised too (tsPreCompilationDeps: 'specify'), so a rule can
// tell "imports a type" from "runs that code": `preCompilationOnly: false` means a runtime import.

const MODULES = '^apps/server/src/modules/';

const SERVER = '^apps/server/src/';

// The server's tiers, lowest first (docs/ARCHITECTURE.md shows the same table; a test keeps the two
// equal). A file imports only down the tiers, or within its own module; an import from one module to
// another of the same tier needs its edge in SAME_TIER_EDGES, reviewed like a schema change, and the
// edges must not form a loop (.dependency-cruiser.folders.cjs refuses any cycle between server
// folders). Tests (*.test.ts, src/test/) may import anything. `folders` are paths under
// apps/server/src. The files at its root (app.ts, config.ts, context.ts, ...) are each named here
// (root-file-has-a-tier refuses one that is not): the folder cruise sees no folder of theirs, so
// these tier rules are what orders them against the folders.
const TIERS = [
  {
    tier: 'platform',
    folders: ['config.ts', 'context.ts', 'event-metrics.ts', 'http/', 'db/', 'realtime/', 'scheduler/'],
    modules: ['activity', 'audit', 'brand', 'keys', 'outbox', 'throttle'],
  },
  { tier: 'ledger', modules: ['ledger'] },
  { tier: 'core', modules: ['accounts', 'legal', 'messages', 'responsible', 'site'] },
  {
    tier: 'domain',
    modules: [
      'agents',
      'cashier',
      'catalogue',
      'chat',
      'chatroom',
      'games',
      'kyc',
      'operators',
      'providers',
      'pwa',
      'risk',
      'sportsbook',
      'vendor-gateway',
      'vip',
      'wallet',
    ],
  },
  { tier: 'programme', modules: ['missions', 'points', 'rebates', 'referrals', 'rewards', 'tickets'] },
  { tier: 'views', modules: ['member-home', 'member-page', 'pvp', 'reports'] },
  {
    tier: 'compose',
    folders: [
      'app.ts',
      'main.ts',
      'cluster.ts',
      'bootstrap.ts',
      'start-images.ts',
      'activity-consumers.ts',
      'jobs/',
      'seed/',
      'demo/',
    ],
  },
];

/** Same-tier imports between modules, as `from -> to`; the platform and compose tiers are free inside. */
const SAME_TIER_EDGES = [
  // core
  'accounts -> messages', // password and contact changes notify the member
  'site -> accounts', // the registration field rules screen; the SMS count on the brand settings screen
  // domain
  'cashier -> kyc', // a withdrawal needs the verification level and the verified payee; the under-age refund
  'cashier -> vip', // a withdrawal stays within the member's VIP level limits
  'cashier -> wallet', // profit and loss on the cashier's records
  'chat -> cashier', // the member's last deposits beside a conversation
  'games -> catalogue', // game categories and the player's menus
  'games -> sportsbook', // a revoked game session is told to the house studio over the trader API
  'games -> vendor-gateway', // the games screen shows a vendor's reconciliation
  'games -> wallet', // game records take the wallet's date ranges
  'providers -> games', // a provider's token swap and the player a token names
  'providers -> vendor-gateway', // every provider protocol is an adapter over the one wallet core
  // programme
  'missions -> rewards', // a mission's reward is a reward
  'missions -> tickets', // a mission can pay lottery tickets
  'points -> tickets', // the points mall sells tickets
  'referrals -> tickets', // referral rewards can be tickets
  'rewards -> tickets', // a promotion can pay tickets
];

const TEST_FILES = ['\\.test\\.ts$', `${SERVER}test/`];
const escapeRegExp = (text) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const pathsOf = (t) => [
  ...(t.folders ?? []).map((f) => `${SERVER}${escapeRegExp(f)}${f.endsWith('/') ? '' : '$'}`),
  ...(t.modules ?? []).map((m) => `${SERVER}modules/${escapeRegExp(m)}/`),
];

const tierRules = TIERS.slice(0, -1).map((t, i) => ({
  name: `tier-${t.tier}-imports-down`,
  severity: 'error',
  comment: `The ${t.tier} tier imports only from its own tier or below (docs/ARCHITECTURE.md, tiers).`,
  from: { path: pathsOf(t), pathNot: TEST_FILES },
  to: { path: TIERS.slice(i + 1).flatMap(pathsOf) },
}));

const sameTierRules = TIERS.filter((t) => t.tier !== 'platform' && t.tier !== 'compose').flatMap((t) =>
  (t.modules ?? []).map((m) => {
    const allowed = SAME_TIER_EDGES.map((e) => e.split(' -> '))
      .filter(([from]) => from === m)
      .map(([, to]) => to);
    const others = t.modules.filter((o) => o !== m && !allowed.includes(o));
    return {
      name: `same-tier-${m}`,
      severity: 'error',
      comment: `modules/${m} imports another ${t.tier} module only along an edge of SAME_TIER_EDGES.`,
      from: { path: `${SERVER}modules/${escapeRegExp(m)}/`, pathNot: TEST_FILES },
      to: { path: others.length ? others.map((o) => `${SERVER}modules/${escapeRegExp(o)}/`) : '$^' },
    };
  }),
);

// The house studio: a kit (apps/studio/src/kit/ on the server, the files of client/ itself in the
// browser: sessions and launch, fairness, the wallet client, sockets and loops, words, money and
// time) and three products, each in its own folders on both sides. A product imports the kit, never
// another product; the kit imports no product; the studio's root files (the plugin, the catalogue,
// the verifier, the recovery loop, the pages' shell) assemble them and are imported by none of them.
const STUDIO = '^apps/studio/src/';
const STUDIO_CLIENT = `${STUDIO}client/`;
const STUDIO_ROOT_FILES = `${STUDIO}[^/]+\\.ts$`;
// Tests and the harnesses they share (a product's test-fixture.ts starts a whole studio) may reach across.
const STUDIO_TESTS = ['\\.test\\.ts$', '/test-[a-z-]+\\.ts$'];
const STUDIO_PRODUCTS = [
  { rule: 'sportsbook', name: 'the sportsbook', server: 'sportsbook', pages: ['sportsbook'] },
  {
    rule: 'card-rooms',
    name: "the card rooms (Hold'em and Tongits)",
    server: 'cardroom',
    pages: ['cardroom', 'pvp'],
  },
  {
    rule: 'casino',
    name: 'the casino games',
    server: 'casino',
    pages: ['games', 'table', 'slot', 'crash', 'lottery'],
  },
];
const studioProductRules = STUDIO_PRODUCTS.flatMap((p) => {
  const others = STUDIO_PRODUCTS.filter((o) => o !== p);
  const otherServer = others.map((o) => `${STUDIO}${o.server}/`);
  const otherPages = `${STUDIO_CLIENT}(${others.flatMap((o) => o.pages).join('|')})/`;
  return [
    {
      name: `studio-${p.rule}-apart`,
      severity: 'error',
      comment: `The server side of ${p.name} imports the kit and itself: no other product, not the studio's root files.`,
      from: { path: `${STUDIO}${p.server}/`, pathNot: STUDIO_TESTS },
      to: { path: [...otherServer, otherPages, STUDIO_ROOT_FILES] },
    },
    {
      name: `studio-client-${p.rule}-apart`,
      severity: 'error',
      comment: `The pages of ${p.name} take nothing of another product, on either side: products share only the kit.`,
      from: { path: `${STUDIO_CLIENT}(${p.pages.join('|')})/` },
      to: { path: [...otherServer, otherPages] },
    },
  ];
});
const studioKitRule = {
  name: 'studio-kit-not-to-products',
  severity: 'error',
  comment:
    "The studio's kit is what every product stands on: it imports no product (server side or pages) and " +
    "none of the studio's root files, which assemble the products on top of it.",
  from: { path: `${STUDIO}kit/`, pathNot: STUDIO_TESTS },
  to: {
    path: [
      ...STUDIO_PRODUCTS.map((p) => `${STUDIO}${p.server}/`),
      `${STUDIO_CLIENT}(${STUDIO_PRODUCTS.flatMap((p) => p.pages).join('|')})/`,
      STUDIO_ROOT_FILES,
    ],
  },
};
// docs/studio.md "Queries": a studio *.queries.ts belongs to the files of its own folder, which
// decide; another folder reads those tables through them. folders.test.ts finds SQL anywhere else.
const studioQueriesRules = [
  {
    name: 'studio-queries-private-to-folder',
    severity: 'error',
    comment:
      "A studio *.queries.ts is called only from its own folder's files: another folder (a product's " +
      "root, the studio's root, another product) asks the folder's functions, never its statements.",
    from: { path: '^(apps/studio/src/|apps/studio/src/.+/)[^/]+$', pathNot: STUDIO_TESTS },
    to: { path: '\\.queries\\.ts$', pathNot: '^$1[^/]+\\.queries\\.ts$' },
  },
  {
    name: 'studio-queries-import-only-types',
    severity: 'error',
    comment:
      "A studio *.queries.ts is Kysely functions over the studio's tables: from the studio it imports " +
      'types only (the schema, rows), never a service, a rule or another queries file at runtime.',
    from: { path: `${STUDIO}.*\\.queries\\.ts$` },
    to: { path: STUDIO, preCompilationOnly: false },
  },
];
// The root files that assemble the products (docs/studio.md's folder table names each).
const STUDIO_ROOT = [
  'plugin',
  'catalogue',
  'api-types',
  'verify',
  'recovery',
  'metrics',
  'pages',
  'main',
  'standalone-fixture',
  'studio.queries',
];
const studioFolderRule = {
  name: 'studio-file-in-a-folder',
  severity: 'error',
  comment:
    "Every studio file is in the kit, a product's folders or the pages (client/), or is one of the root " +
    'files that assemble them (named here); a new file at the root has to say which it is.',
  from: {
    path: STUDIO,
    pathNot: [
      `${STUDIO}(kit|client|${STUDIO_PRODUCTS.map((p) => p.server).join('|')})/`,
      `${STUDIO}(${STUDIO_ROOT.join('|')})\\.ts$`,
      `${STUDIO}[a-z-]+\\.test\\.ts$`,
    ],
  },
  to: {},
};

const TIERED_MODULES = TIERS.flatMap((t) => t.modules ?? []);
const ROOT_FILES = TIERS.flatMap((t) => (t.folders ?? []).filter((f) => !f.endsWith('/')));

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    ...tierRules,
    ...sameTierRules,
    {
      name: 'module-has-a-tier',
      severity: 'error',
      comment: 'Every folder of apps/server/src/modules is in the tier table above (and in docs/ARCHITECTURE.md).',
      from: { path: `${SERVER}modules/`, pathNot: TIERED_MODULES.map((m) => `${SERVER}modules/${escapeRegExp(m)}/`) },
      to: {},
    },
    {
      name: 'root-file-has-a-tier',
      severity: 'error',
      comment:
        'Every file at the root of apps/server/src is in the tier table above: the folder-level cycle rule ' +
        'cannot see these files, so the tier rules are what keeps them in order.',
      from: {
        path: `${SERVER}[^/]+\\.ts$`,
        pathNot: [...ROOT_FILES.map((f) => `${SERVER}${escapeRegExp(f)}$`), ...TEST_FILES],
      },
      to: {},
    },
    {
      name: 'no-admin-module',
      severity: 'error',
      comment:
        'No admin-* module: the operator side of an area is its X.admin.routes.ts beside X.routes.ts in modules/X.',
      from: { path: `${SERVER}modules/admin[^/]*/` },
      to: {},
    },
    {
      name: 'no-import-of-admin-module',
      severity: 'error',
      comment: 'No admin-* module (see no-admin-module).',
      from: {},
      to: { path: `${SERVER}modules/admin[^/]*/` },
    },
    {
      name: 'no-circular',
      severity: 'error',
      comment:
        'Runtime import cycles are forbidden. A cycle made only of type imports (e.g. a routes file ' +
        'importing `type App` from app.ts, which registers those routes) does not exist at runtime and is allowed.',
      from: {},
      to: { circular: true, viaOnly: { dependencyTypesNot: ['type-only'] } },
    },
    {
      name: 'not-to-unresolvable',
      severity: 'error',
      comment:
        'Every import must resolve, otherwise the rules below silently stop applying to it. Vite virtual ' +
        'modules (virtual:*, built by a plugin in apps/web/vite.config.ts) exist only in the bundler.',
      from: {},
      to: { couldNotResolve: true, pathNot: '^virtual:' },
    },
    {
      name: 'shared-not-to-apps',
      severity: 'error',
      comment: 'packages/shared is imported by server, studio and web; it must not know any of them.',
      from: { path: '^packages/shared/' },
      to: { path: '^(apps|e2e|bench|scripts)/' },
    },
    {
      name: 'shared-runtime-only-zod',
      severity: 'error',
      comment:
        'packages/shared runs in the browser and on the server: at runtime it imports only itself and zod ' +
        '(no node: built-ins, no other npm package). Type-only imports are allowed.',
      from: { path: '^packages/shared/' },
      to: {
        pathNot: ['^packages/shared/', '(^|/)node_modules/zod/'],
        preCompilationOnly: false,
      },
    },
    {
      name: 'studio-not-to-server',
      severity: 'error',
      comment: 'The studio is a game vendor: it reaches the platform only through the signed vendor HTTP API.',
      from: { path: '^apps/studio/' },
      to: { path: '^apps/server/' },
    },
    {
      name: 'server-only-studio-entry',
      severity: 'error',
      comment:
        "The platform runs the house studio in its process through the studio's public entry: the plugin " +
        '(plugin.ts) and the catalogue it publishes (catalogue.ts, the RTP and volatility of its games). ' +
        "It never reads the studio's engines, game map or tables. Tests and their fixtures may drive the studio's parts.",
      from: { path: '^apps/server/src/', pathNot: ['\\.test\\.ts$', '^apps/server/src/test/'] },
      to: { path: '^apps/studio/', pathNot: '^apps/studio/src/(plugin|catalogue)\\.ts$' },
    },
    ...studioProductRules,
    studioKitRule,
    ...studioQueriesRules,
    studioFolderRule,
    {
      name: 'studio-client-types-only-from-studio-server',
      severity: 'error',
      comment:
        "The studio's game pages (client/) are bundled for the browser: of the studio's server side they " +
        'take only types (`import type`, which the bundler erases) and the pure code the pages run too: the ' +
        "casino's engines, the card rules, the fairness scheme, the sportsbook's models and API shapes. " +
        'Tests are not bundled.',
      from: { path: '^apps/studio/src/client/', pathNot: '\\.test\\.ts$' },
      to: {
        path: '^apps/studio/src/(?!client/)',
        pathNot: [
          '^apps/studio/src/casino/engines/',
          '^apps/studio/src/cardroom/engine/',
          '^apps/studio/src/kit/fair/(?!player-seeds)',
          '^apps/studio/src/sportsbook/model/',
          '^apps/studio/src/sportsbook/(api|types)\\.ts$',
        ],
        dependencyTypesNot: ['type-only'],
      },
    },
    {
      name: 'web-not-to-server-or-studio',
      severity: 'error',
      comment: 'The web app talks to the server over HTTP; what both need lives in packages/shared.',
      from: { path: '^apps/web/' },
      to: { path: '^apps/(server|studio)/' },
    },
    {
      name: 'console-not-to-other-apps',
      severity: 'error',
      comment:
        'The console talks to the server over HTTP; what it shares with the player site lives in packages/shared ' +
        'and packages/ui, never in apps/web.',
      from: { path: '^apps/console/' },
      to: { path: '^apps/(server|studio|web)/' },
    },
    {
      name: 'ui-not-to-apps',
      severity: 'error',
      comment: 'packages/ui is used by the player site and the console; it must not know either of them.',
      from: { path: '^packages/ui/' },
      to: { path: '^(apps|e2e|bench|scripts)/' },
    },
    {
      name: 'module-internals-private',
      severity: 'error',
      comment:
        "A server module reaches another module only through its service-level files. Another module's " +
        'routes, queries, presenter and tests are private to it (helpers such as passwords.ts or ' +
        'encryption-keys.service.ts count as service level).',
      from: { path: `${MODULES}([^/]+)/` },
      to: {
        path: `${MODULES}[^/]+/.*\\.(routes|queries|presenter|test)\\.ts$`,
        pathNot: `${MODULES}$1/`,
      },
    },
    {
      name: 'module-queries-private-outside-modules',
      severity: 'error',
      comment:
        'Outside modules/ (the composition root, seed, demo, jobs, platform folders) a module is reached ' +
        'through its service-level files and routes, never its queries or presenter (tests, benches and ' +
        'scripts may read anything).',
      from: {
        path: SERVER,
        pathNot: [`${SERVER}modules/`, ...TEST_FILES],
      },
      to: { path: `${MODULES}[^/]+/.*\\.(queries|presenter)\\.ts$` },
    },
    {
      name: 'routes-not-to-queries',
      severity: 'error',
      comment: 'Routes are thin: they call the service and the presenter, never the queries.',
      from: { path: `${MODULES}.*\\.routes\\.ts$` },
      to: { path: '\\.queries\\.ts$' },
    },
    {
      name: 'ledger-queries-private',
      severity: 'error',
      comment:
        'Only the ledger writes ledger tables (money and points): nothing outside modules/ledger imports its ' +
        'queries (ledger.queries.ts, points-ledger.queries.ts).',
      from: { pathNot: `${MODULES}ledger/` },
      to: { path: `${MODULES}ledger/[^/]*\\.queries\\.ts$` },
    },
    {
      name: 'queries-import-only-types-from-modules',
      severity: 'error',
      comment:
        'A *.queries.ts file is Kysely functions over the database: from the modules it may import types ' +
        'only (no services, no other queries at runtime), and SQL fragments its module shares (*.sql.ts).',
      from: { path: `${MODULES}.*\\.queries\\.ts$` },
      to: { path: MODULES, pathNot: `${MODULES}[^/]+/[^/]+\\.sql\\.ts$`, preCompilationOnly: false },
    },
    {
      name: 'composition-root-not-imported',
      severity: 'error',
      comment:
        'app.ts composes the server from every routes file; only main.ts, the demo, tests and benches build ' +
        'it. A routes file takes the App type from http/app-type.ts, so no file both is imported by app.ts ' +
        'and imports it.',
      from: {
        pathNot: [
          '^apps/server/src/main\\.ts$',
          '^apps/server/src/demo/',
          '\\.test\\.ts$',
          '^apps/server/src/test/',
          '^bench/',
          '^e2e/',
        ],
      },
      to: { path: '^apps/server/src/app\\.ts$' },
    },
    {
      name: 'test-code-not-in-production',
      severity: 'error',
      comment: 'Test helpers (apps/server/src/test/) and *.test.ts files are imported only by tests.',
      from: { pathNot: ['\\.test\\.ts$', '^apps/[^/]+/src/test/', '^e2e/', '^bench/'] },
      to: { path: ['\\.test\\.ts$', '^apps/[^/]+/src/test/'] },
    },
    {
      name: 'web-features-isolated',
      severity: 'error',
      comment:
        'Web features do not import each other; what two features share moves to components/ or lib/ ' +
        '(architecture.md, Web features).',
      from: { path: '^apps/web/src/features/([^/]+)/' },
      to: { path: '^apps/web/src/features/', pathNot: '^apps/web/src/features/$1/' },
    },
    {
      name: 'console-features-isolated',
      severity: 'error',
      comment:
        'Console features do not import each other (each has its owner and its permission); what two share ' +
        'moves to apps/console/src/components/ or lib/. The shell (app/) may reach the auth feature.',
      from: { path: '^apps/console/src/features/([^/]+)/' },
      to: { path: '^apps/console/src/features/', pathNot: '^apps/console/src/features/$1/' },
    },
  ],
  options: {
    doNotFollow: { path: '(^|/)node_modules/' },
    exclude: { path: ['(^|/)node_modules/', '(^|/)dist/', '(^|/)data/', '(^|/)test-results/', '(^|/)\\.tmp/'] },
    tsPreCompilationDeps: 'specify',
    tsConfig: { fileName: 'tsconfig.json' },
    // npm workspaces: dependencies may be declared in the root package.json or the workspace's own.
    combinedDependencies: true,
    // @gamehall/shared resolves through its package.json exports ("./*" -> "./src/*.ts"), like
    // TypeScript's moduleResolution Bundler does.
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['types', 'import', 'module', 'node', 'default', 'require'],
      mainFields: ['module', 'main', 'types', 'typings'],
      extensions: ['.ts', '.tsx', '.d.ts', '.mts', '.js', '.mjs', '.cjs', '.jsx', '.json'],
    },
    skipAnalysisNotInRules: true,
    reporterOptions: {
      text: { highlightFocused: true },
    },
  },
};

// The tier table for the tests (architecture-doc.test.ts compares it with docs/ARCHITECTURE.md); not
// enumerable, since dependency-cruiser refuses properties of its own configuration it does not know.
Object.defineProperty(module.exports, 'tiers', { value: TIERS, enumerable: false });
Object.defineProperty(module.exports, 'sameTierEdges', { value: SAME_TIER_EDGES, enumerable: false });
Object.defineProperty(module.exports, 'studio', {
  value: { products: STUDIO_PRODUCTS, rootFiles: STUDIO_ROOT },
  enumerable: false,
});
