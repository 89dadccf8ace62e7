// The server's folders must not import each other in a circle: each module, platform piece and the
// composition root sits in one place of the tier order. Checked over
// production code only: tests may import anything, so their imports are left out of this cruise.
// Run by npm run boundaries and npm test beside .dependency-cruiser.cjs.
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
  ],
  options: {
    ...base.options,
    exclude: { path: [...base.options.exclude.path, '\\.test\\.ts$', '^apps/server/src/test/', '\\.fixtures\\.ts$'] },
  },
};
