// The server's folders must not import each other in a circle: each module, platform piece and the
// composition root sits in one place of the tier order. Checked over
// production code only: tests may import anything, so their imports are left out of this cruise.
// Run by npm run boundaries and npm test beside .dependency-cruiser.cjs.
// The files at the root of apps/server/src (app.ts, context.ts, ...) belong to no folder but the
// source root itself, which holds every other folder, so the folder rule cannot see them. The tier
// rules of .dependency-cruiser.cjs name each of them and keep their imports pointing down;
// no-cycle-through-root-file below refuses a file-level cycle through one, types included.
const base = require('./.dependency-cruiser.cjs');

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-folder-cycle',
      severity: 'error',
      comment:
        'No two folders of apps/server/src (modules/<area>, http, db, realtime, seed, ...) import each other, ' +
        'directly or through others, types included (docs/ARCHITECTURE.md, tiers).',
      scope: 'folder',
      from: { path: '^apps/server/src/' },
      to: { circular: true, path: '^apps/server/src/' },
    },
    {
      name: 'no-cycle-through-root-file',
      severity: 'error',
      comment:
        'No file at the root of apps/server/src (app.ts, config.ts, context.ts, ...) is in an import cycle, ' +
        'types included: the folder rule above cannot see these files.',
      from: { path: '^apps/server/src/[^/]+\\.ts$' },
      to: { circular: true },
    },
  ],
  options: {
    ...base.options,
    exclude: { path: [...base.options.exclude.path, '\\.test\\.ts$', '^apps/server/src/test/', '\\.fixtures\\.ts$'] },
  },
};
