// React Router 7 publishes a production build beside its development one, but its package exports
// name only the development files (remix-run/react-router#12532, meant to be temporary), so a
// production bundle carries its development warnings and checks. A production build of the site and
// the console resolves the package to its production files instead.
import { createRequire } from 'node:module';
import path from 'node:path';
import type { Plugin } from 'vite';

/** The entries of react-router used by the apps, mapped to its production files in `vite build`. */
export function reactRouterProduction(): Plugin {
  const require = createRequire(import.meta.url);
  const root = path.dirname(require.resolve('react-router/package.json'));
  return {
    name: 'gamehall:react-router-production',
    apply: 'build',
    config: () => ({
      resolve: {
        alias: [
          { find: /^react-router$/, replacement: path.join(root, 'dist/production/index.mjs') },
          { find: /^react-router\/dom$/, replacement: path.join(root, 'dist/production/dom-export.mjs') },
        ],
      },
    }),
  };
}
