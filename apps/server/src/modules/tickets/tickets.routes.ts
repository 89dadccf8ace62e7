import { envelope } from '@gamehall/shared/api/common';
import {
  DrawView,
  OpenValue,
  RotateSeedBody,
  RotateSeedValue,
  TicketIdParams,
  TicketList,
  TicketsQuery,
} from '@gamehall/shared/api/tickets';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';
import type { App } from '../../http/app-type';
import { principalOf } from '../../http/auth';
import { ok } from '../../http/envelope';
import { presentPage } from '../../http/paging';
import { presentDraw, presentPrize, presentTicket } from './tickets.presenter';
import * as tickets from './tickets.service';

const tags = ['tickets'];

// spec §1 red envelope, prize wheel and golden egg tickets.
export function registerTicketRoutes(root: App, ctx: AppContext): void {
  const app = root.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/wps/tickets',
    {
      schema: {
        tags,
        summary: "The member's tickets (unopened first) and the hash of the seed the next draws use",
        querystring: TicketsQuery,
        response: { 200: envelope(TicketList) },
      },
      config: { auth: 'member' },
    },
    async (req) => {
      const r = await tickets.listTickets(ctx, principalOf(req).memberId, req.query);
      return ok({
        ...presentPage(r, req.query, presentTicket),
        unopened: r.unopened,
        seedHash: r.seed.seed_hash,
        clientSeed: r.seed.client_seed,
        nextNonce: Number(r.seed.next_nonce),
      });
    },
  );

  app.post(
    '/wps/tickets/:id/open',
    {
      schema: {
        tags,
        summary: 'Open a ticket: draw its prize and pay it, once',
        params: TicketIdParams,
        response: { 200: envelope(OpenValue) },
      },
      config: { auth: 'member', movesMoney: true },
    },
    async (req) => {
      const memberId = principalOf(req).memberId;
      const r = await tickets.openTicket(ctx, memberId, req.params.id);
      const draw = await tickets.drawOf(ctx, memberId, Number(r.draw.id));
      return ok({
        ticket: presentTicket({
          ...r.ticket,
          kind: r.kind.kind,
          name: r.kind.name,
          draw_id: r.draw.id,
          prize: r.draw.prize,
        }),
        draw: presentDraw(draw),
        // The kind's table as read in the opening transaction: the one the draw rolled over.
        segments: r.kind.prizes.map(presentPrize),
      });
    },
  );

  app.get(
    '/wps/tickets/draws/:id',
    {
      schema: {
        tags,
        summary: 'One draw with its seed data; verified once the seed is revealed',
        params: TicketIdParams,
        response: { 200: envelope(DrawView) },
      },
      config: { auth: 'member' },
    },
    async (req) => ok(presentDraw(await tickets.drawOf(ctx, principalOf(req).memberId, req.params.id))),
  );

  app.post(
    '/wps/tickets/seed/rotate',
    {
      schema: {
        tags,
        summary: 'Reveal the current server seed (so past draws can be verified) and commit a new one',
        body: RotateSeedBody,
        response: { 200: envelope(RotateSeedValue) },
      },
      config: { auth: 'member' },
    },
    async (req) => ok(await tickets.rotateSeed(ctx, principalOf(req).memberId, req.body.clientSeed)),
  );
}
