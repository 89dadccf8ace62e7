import type { App } from '../app';
import type { AppContext } from '../context';

// Serves the player site (apps/web). Until it is built, the root leads to the API reference.
export function registerWebApp(app: App, ctx: AppContext): void {
  void ctx;
  app.get(
    '/',
    { config: { auth: 'public' }, schema: { tags: ['system'], summary: 'Redirects to the API reference at /docs' } },
    async (_request, reply) => reply.redirect('/docs'),
  );
}
