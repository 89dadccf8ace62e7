import { OrderValue } from '@gamehall/shared/api/admin-content';
import {
  AdminGame,
  AdminGameBody,
  AdminGameList,
  AdminGameMenus,
  AdminGameMenusBody,
  AdminGameQuery,
  AdminGamesStatusBody,
  AdminGamesStatusResult,
  AdminOperatorKey,
  AdminReconciliationList,
  AdminReconciliationQuery,
  AdminVendor,
  AdminVendorBody,
  AdminVendorCreateBody,
  AdminVendorList,
  AdminVendorSecret,
  CatalogueSyncApplyBody,
  CatalogueSyncPreview,
  CatalogueSyncRun,
  CatalogueSyncRunList,
  GameParams,
  VendorOrderBody,
  VendorParams,
} from '@gamehall/shared/api/admin-games';
import { envelope } from '@gamehall/shared/api/common';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { type AppContext, onReplica } from '../../context';
import type { App } from '../../http/app-type';
import { ok } from '../../http/envelope';
import { presentGrid } from '../../http/paging';
import { requestMetaOf } from '../../http/request-meta';
import { operatorAction } from '../audit/operator-action';
import * as sync from './catalogue-sync.service';
import { presentAdminGame, presentAdminGameMenus, presentAdminVendor, presentSyncRun } from './games.presenter';
import * as games from './games-setup.service';

const tags = ['admin-games'];
const READ = 'admin:games.read' as const;
const WRITE = 'admin:games.write' as const;

export function registerGamesAdminRoutes(root: App, ctx: AppContext): void {
  const app = root.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/admin/games/vendors',
    {
      schema: {
        tags,
        summary: 'Every vendor in site order, with its game counts and wallet integration (never its secret)',
        response: { 200: envelope(AdminVendorList) },
      },
      config: { auth: READ },
    },
    async () => ok({ list: (await games.vendors(ctx)).map(presentAdminVendor) }),
  );

  app.put(
    '/admin/games/vendors/order',
    {
      schema: {
        tags,
        summary: 'Order the vendors: the codes listed get sort 0, 1, 2... (all must exist, else nothing changes)',
        body: VendorOrderBody,
        response: { 200: envelope(OrderValue) },
      },
      config: { auth: WRITE },
    },
    async (req) => {
      const r = await operatorAction(
        ctx,
        requestMetaOf(req),
        'games.vendor.order',
        'vendors',
        () => games.reorderVendors(ctx, req.body.codes),
        (c) => ({ after: c.codes }),
      );
      return ok({ updated: r.codes.length });
    },
  );

  app.put(
    '/admin/games/vendors/:code',
    {
      schema: {
        tags,
        summary:
          'Change a vendor: status (active, maintenance, hidden), sort, and its integration (on/off, wallet mode, IP allow list)',
        params: VendorParams,
        body: AdminVendorBody,
        response: { 200: envelope(AdminVendor) },
      },
      config: { auth: WRITE },
    },
    async (req) => {
      const r = await operatorAction(
        ctx,
        requestMetaOf(req),
        'games.vendor',
        `vendor:${req.params.code}`,
        () => games.changeVendor(ctx, req.params.code, req.body),
        (c) => ({ before: presentAdminVendor(c.before), after: presentAdminVendor(c.after) }),
      );
      return ok(presentAdminVendor(r.after));
    },
  );

  app.post(
    '/admin/games/vendors/:code/rotateSecret',
    {
      schema: {
        tags,
        summary: 'A new signing secret for the vendor, answered this once; the old one is refused from now on',
        params: VendorParams,
        response: { 200: envelope(AdminVendorSecret) },
      },
      config: { auth: WRITE },
    },
    async (req) => {
      const r = await operatorAction(
        ctx,
        requestMetaOf(req),
        'games.vendor.secret',
        `vendor:${req.params.code}`,
        () => games.rotateSecret(ctx, req.params.code),
        // The secret itself is never written to the audit log.
        (c) => ({ after: { secretRotatedAt: c.rotatedAt } }),
      );
      return ok({ code: r.code, secret: r.secret });
    },
  );

  app.post(
    '/admin/games/vendors',
    {
      schema: {
        tags,
        summary:
          'Connect a new vendor (an outside provider on one of the protocols): listed last, no games until its catalogue is synced',
        body: AdminVendorCreateBody,
        response: { 200: envelope(AdminVendor) },
      },
      config: { auth: WRITE },
    },
    async (req) => {
      const r = await operatorAction(
        ctx,
        requestMetaOf(req),
        'games.vendor.create',
        `vendor:${req.body.code}`,
        () => games.createVendor(ctx, req.body),
        () => ({ after: { ...req.body } }),
      );
      return ok(presentAdminVendor(r));
    },
  );

  app.post(
    '/admin/games/vendors/:code/catalogue/preview',
    {
      schema: {
        tags,
        summary:
          "What syncing the catalogue from the provider's game list would change, read from its Games API now; nothing changes",
        params: VendorParams,
        response: { 200: envelope(CatalogueSyncPreview) },
      },
      config: { auth: WRITE },
    },
    async (req) => ok(await sync.previewSync(ctx, req.params.code)),
  );

  app.post(
    '/admin/games/vendors/:code/catalogue/apply',
    {
      schema: {
        tags,
        summary:
          "Apply the previewed change (by its digest); refused with CATALOGUE_SYNC_CHANGED when the provider's list has changed since",
        params: VendorParams,
        body: CatalogueSyncApplyBody,
        response: { 200: envelope(CatalogueSyncRun) },
      },
      config: { auth: WRITE },
    },
    async (req) => {
      const r = await operatorAction(
        ctx,
        requestMetaOf(req),
        'games.catalogue.sync',
        `vendor:${req.params.code}`,
        (operator) => sync.applySync(ctx, req.params.code, req.body.digest, operator.username),
        (run) => ({ after: { added: run.added, updated: run.updated, held: run.held, released: run.released } }),
      );
      return ok(presentSyncRun(r));
    },
  );

  app.get(
    '/admin/games/vendors/:code/catalogue/syncs',
    {
      schema: {
        tags,
        summary: "The vendor's last 20 catalogue syncs, latest first, by an operator or the schedule",
        params: VendorParams,
        response: { 200: envelope(CatalogueSyncRunList) },
      },
      config: { auth: READ },
    },
    async (req) => ok({ list: (await sync.syncRuns(ctx, req.params.code)).map(presentSyncRun) }),
  );

  app.post(
    '/admin/games/vendors/:code/operatorKey',
    {
      schema: {
        tags,
        summary:
          "A new key pair for the operator's calls to the provider's Games API: the public key, to send the provider",
        params: VendorParams,
        response: { 200: envelope(AdminOperatorKey) },
      },
      config: { auth: WRITE },
    },
    async (req) => {
      const r = await operatorAction(
        ctx,
        requestMetaOf(req),
        'games.vendor.operatorKey',
        `vendor:${req.params.code}`,
        () => games.generateOperatorKey(ctx, req.params.code),
        (c) => ({ after: { operatorPublicKey: c.publicKey } }),
      );
      return ok(r);
    },
  );

  app.get(
    '/admin/games/catalogue',
    {
      schema: {
        tags,
        summary: 'The game catalogue: search (name in any language, code), filters, paged grid',
        querystring: AdminGameQuery,
        response: { 200: envelope(AdminGameList) },
      },
      config: { auth: READ },
    },
    async (req) => ok(presentGrid(await games.games(ctx, req.query), req.query, presentAdminGame)),
  );

  app.post(
    '/admin/games/catalogue/status',
    {
      schema: {
        tags,
        summary:
          'Hide or show many games in one action (hidden leaves every list and launch; active brings them back); an unknown id changes nothing (GAME_NOT_FOUND); one audit row lists the games changed',
        body: AdminGamesStatusBody,
        response: { 200: envelope(AdminGamesStatusResult) },
      },
      config: { auth: WRITE },
    },
    async (req) => {
      const r = await operatorAction(
        ctx,
        requestMetaOf(req),
        'games.game.bulk',
        'games',
        () => games.changeGamesStatus(ctx, req.body),
        (c) => ({ after: { status: c.status, nodeIds: c.changed }, unchanged: c.unchanged }),
      );
      return ok({ changed: r.changed.length, unchanged: r.unchanged });
    },
  );

  app.put(
    '/admin/games/catalogue/:nodeId',
    {
      schema: {
        tags,
        summary:
          'Change a game: status (hidden leaves every list and launch; maintenance refuses launches), hot flag, sort, sub-category',
        params: GameParams,
        body: AdminGameBody,
        response: { 200: envelope(AdminGame) },
      },
      config: { auth: WRITE },
    },
    async (req) => {
      const r = await operatorAction(
        ctx,
        requestMetaOf(req),
        'games.game',
        `game:${req.params.nodeId}`,
        () => games.changeGame(ctx, req.params.nodeId, req.body),
        (c) => ({ before: presentAdminGame(c.before), after: presentAdminGame(c.after) }),
      );
      return ok(presentAdminGame(r.after));
    },
  );

  app.get(
    '/admin/games/reconciliation',
    {
      schema: {
        tags,
        summary:
          'Daily reconciliation (brand days of the brand time zone, minor units): bets, wins, rollbacks from the vendor calls beside the ledger of vendor:<code>, and the difference; every vendor for one day or one vendor over up to 31 days',
        querystring: AdminReconciliationQuery,
        response: { 200: envelope(AdminReconciliationList) },
      },
      config: { auth: READ },
    },
    // A report: from the read replica (context.ts readDb).
    async (req) => ok(await games.reconciliations(onReplica(ctx), req.query)),
  );

  app.get(
    '/admin/games/menus',
    {
      schema: {
        tags,
        summary:
          "The site's game menus as operators edit them: every category in order with its switch, and each category's vendors in order with theirs",
        response: { 200: envelope(AdminGameMenus) },
      },
      config: { auth: READ },
    },
    async () => ok(presentAdminGameMenus(await games.menus(ctx))),
  );

  app.put(
    '/admin/games/menus',
    {
      schema: {
        tags,
        summary:
          "Save the whole game menu: category order and switches, each category's vendor order and switches (every category and vendor listed once, else nothing changes); /lgw/games/game_menus follows at once",
        body: AdminGameMenusBody,
        response: { 200: envelope(AdminGameMenus) },
      },
      config: { auth: WRITE },
    },
    async (req) => {
      const r = await operatorAction(
        ctx,
        requestMetaOf(req),
        'games.menus',
        'game-menus',
        () => games.saveMenus(ctx, req.body),
        (c) => ({ before: presentAdminGameMenus(c.before).list, after: presentAdminGameMenus(c.after).list }),
      );
      return ok(presentAdminGameMenus(r.after));
    },
  );
}
