import { CampaignLinkParams } from '@gamehall/shared/api/campaigns';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';
import type { App } from '../../http/app-type';
import { followLink } from './campaigns.service';

/**
 * A campaign's tracked link (docs/campaigns.md): the token names the member it was sent to, the
 * number the link of the campaign; a click is counted and redirected to the link's address.
 * Public: a link opened from a mail or an SMS comes without a session.
 */
export function registerCampaignLinkRoutes(root: App, ctx: AppContext): void {
  const app = root.withTypeProvider<ZodTypeProvider>();
  app.get(
    '/wps/campaign-link/:token/:n',
    {
      schema: {
        tags: ['messages'],
        summary: "A campaign's tracked link: counts the click and redirects (302) to the link's address",
        params: CampaignLinkParams,
      },
      config: { auth: 'public' },
    },
    async (req, reply) => {
      const url = await followLink(ctx, req.params.token, req.params.n);
      return reply.header('cache-control', 'no-store').redirect(url, 302);
    },
  );
}
