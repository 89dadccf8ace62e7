import { envelope } from '@gamehall/shared/api/common';
import {
  TicketKindIdParams,
  TicketKindInput,
  TicketKindList,
  TicketKindView,
  TicketReportQuery,
  TicketReportValue,
} from '@gamehall/shared/api/tickets';
import { toMajor } from '@gamehall/shared/money';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { type AppContext, onReplica } from '../../context';
import type { App } from '../../http/app-type';
import { ok } from '../../http/envelope';
import { requestMetaOf } from '../../http/request-meta';
import { operatorAction } from '../audit/operator-action';
import { presentKind } from './tickets.presenter';
import * as tickets from './tickets.service';

const tags = ['admin-tickets'];
// Tickets are a promotion programme: the promotions permissions govern them.
const READ = 'admin:promotions.read';
const WRITE = 'admin:promotions.write';

export function registerTicketAdminRoutes(root: App, ctx: AppContext): void {
  const app = root.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/admin/tickets/kinds',
    {
      schema: { tags, summary: 'Ticket kinds with their prize tables', response: { 200: envelope(TicketKindList) } },
      config: { auth: READ },
    },
    async () => ok({ list: (await tickets.allKinds(ctx)).map(presentKind) }),
  );

  app.post(
    '/admin/tickets/kinds',
    {
      schema: {
        tags,
        summary: 'Create a ticket kind with its prize table (weights positive; audited)',
        body: TicketKindInput,
        response: { 200: envelope(TicketKindView) },
      },
      config: { auth: WRITE },
    },
    async (req) => {
      const row = await operatorAction(
        ctx,
        requestMetaOf(req),
        'ticket.kind',
        'ticket_kind',
        () => tickets.createKind(ctx, req.body),
        (r) => ({ after: presentKind(r) }),
      );
      return ok(presentKind(row));
    },
  );

  app.put(
    '/admin/tickets/kinds/:id',
    {
      schema: {
        tags,
        summary: 'Change a ticket kind; tickets already opened keep the prize they drew (audited)',
        params: TicketKindIdParams,
        body: TicketKindInput,
        response: { 200: envelope(TicketKindView) },
      },
      config: { auth: WRITE },
    },
    async (req) => {
      const r = await operatorAction(
        ctx,
        requestMetaOf(req),
        'ticket.kind',
        `ticket_kind:${req.params.id}`,
        () => tickets.changeKind(ctx, req.params.id, req.body),
        (x) => ({ before: presentKind(x.before), after: presentKind(x.after) }),
      );
      return ok(presentKind(r.after));
    },
  );

  app.get(
    '/admin/tickets/report',
    {
      schema: {
        tags,
        summary: 'Tickets issued and opened, and the prizes paid, per brand day (the brand time zone) and kind',
        querystring: TicketReportQuery,
        response: { 200: envelope(TicketReportValue) },
      },
      config: { auth: READ },
    },
    async (req) => {
      // A report: from the read replica (context.ts readDb).
      const r = await tickets.ticketReport(onReplica(ctx), req.query);
      return ok({
        currency: r.currency,
        timeZone: r.timeZone,
        rows: r.rows.map((row) => ({ ...row, cash: toMajor(row.cash), bonus: toMajor(row.bonus) })),
      });
    },
  );
}
