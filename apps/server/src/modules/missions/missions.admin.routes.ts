import { envelope } from '@gamehall/shared/api/common';
import {
  AdminMission,
  AdminMissionList,
  MissionCostQuery,
  MissionCostValue,
  MissionIdParams,
  MissionInput,
  MissionStateBody,
} from '@gamehall/shared/api/missions';
import { toMajor } from '@gamehall/shared/money';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { type AppContext, onReplica } from '../../context';
import type { App } from '../../http/app-type';
import { ok } from '../../http/envelope';
import { requestMetaOf } from '../../http/request-meta';
import { operatorAction } from '../audit/operator-action';
import { presentAdminMission } from './missions.presenter';
import * as missions from './missions.service';

// The back office's missions: create, edit, pause, end; the cost report.

const tags = ['admin-missions'];
const READ = 'admin:promotions.read';
const WRITE = 'admin:promotions.write';

export function registerMissionsAdminRoutes(root: App, ctx: AppContext): void {
  const app = root.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/admin/missions',
    {
      schema: { tags, summary: 'Every mission with its phase', response: { 200: envelope(AdminMissionList) } },
      config: { auth: READ },
    },
    async () => ok({ list: (await missions.allMissions(ctx)).map((m) => presentAdminMission(m, ctx.now())) }),
  );

  app.post(
    '/admin/missions',
    {
      schema: {
        tags,
        summary: 'Create a mission (a draft)',
        body: MissionInput,
        response: { 200: envelope(AdminMission) },
      },
      config: { auth: WRITE },
    },
    async (req) => {
      const row = await operatorAction(
        ctx,
        requestMetaOf(req),
        'mission.write',
        'mission',
        () => missions.createMission(ctx, req.body),
        (r) => ({ after: presentAdminMission(r, ctx.now()) }),
      );
      return ok(presentAdminMission(row, ctx.now()));
    },
  );

  app.put(
    '/admin/missions/:id',
    {
      schema: {
        tags,
        summary: 'Change a mission (periods under way keep the target and reward they started with)',
        params: MissionIdParams,
        body: MissionInput,
        response: { 200: envelope(AdminMission) },
      },
      config: { auth: WRITE },
    },
    async (req) => {
      const { after } = await operatorAction(
        ctx,
        requestMetaOf(req),
        'mission.write',
        `mission:${req.params.id}`,
        () => missions.changeMission(ctx, req.params.id, req.body),
        (r) => ({ before: presentAdminMission(r.before, ctx.now()), after: presentAdminMission(r.after, ctx.now()) }),
      );
      return ok(presentAdminMission(after, ctx.now()));
    },
  );

  app.post(
    '/admin/missions/:id/state',
    {
      schema: {
        tags,
        summary: 'Activate, pause or end a mission',
        params: MissionIdParams,
        body: MissionStateBody,
        response: { 200: envelope(AdminMission) },
      },
      config: { auth: WRITE },
    },
    async (req) => {
      const { after } = await operatorAction(
        ctx,
        requestMetaOf(req),
        'mission.state',
        `mission:${req.params.id}`,
        () => missions.setMissionState(ctx, req.params.id, req.body.state),
        (r) => ({ before: { state: r.before.state }, after: { state: r.after.state } }),
      );
      return ok(presentAdminMission(after, ctx.now()));
    },
  );

  app.get(
    '/admin/missions/costs',
    {
      schema: {
        tags,
        summary: 'Per mission and brand day: completions, claims, cash and points paid',
        querystring: MissionCostQuery,
        response: { 200: envelope(MissionCostValue) },
      },
      config: { auth: READ },
    },
    async (req) => {
      // A report: from the read replica (context.ts readDb).
      const { rows, currency } = await missions.costReport(onReplica(ctx), req.query.from, req.query.to);
      return ok({
        currency,
        rows: rows.map((r) => ({
          day: r.day,
          missionId: r.missionId,
          title: r.title,
          completed: r.completed,
          claims: r.claims,
          cashPaid: toMajor(r.cash),
          bonusPaid: toMajor(r.bonus),
          pointsPaid: r.points,
          ticketsIssued: r.tickets,
        })),
      });
    },
  );
}
