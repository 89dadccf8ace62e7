import {
  AdminAgentIdParams,
  AdminContractList,
  AdminContractsQuery,
  AdminOfferBody,
  AdminReleaseBody,
  AdminStatementList,
  AdminStatementsQuery,
  AdminTerminateBody,
  AgentSearchQuery,
  AgentSearchValue,
  BulkHoldBody,
  BulkReleaseBody,
  BulkStatementValue,
  BulkUnholdBody,
  CommissionReportQuery,
  CommissionReportValue,
  ContractLimits,
  ContractLimitsBody,
  ContractTemplate,
  ContractTemplateBody,
  ContractTemplateList,
  TreeQuery,
  TreeValue,
} from '@gamehall/shared/api/admin-agents';
import { envelope, OkValue } from '@gamehall/shared/api/common';
import { Contract, StatementBreakdown, StatementDetail, StatementDetailQuery } from '@gamehall/shared/api/contracts';
import { toMajor } from '@gamehall/shared/money';
import type { FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { ZodType } from 'zod';
import { type AppContext, onReplica } from '../../context';
import type { App } from '../../http/app-type';
import type { Principal } from '../../http/auth';
import { ok } from '../../http/envelope';
import { AppError } from '../../http/errors';
import { presentGrid } from '../../http/paging';
import { requestMetaOf } from '../../http/request-meta';
import { operatorAction } from '../audit/operator-action';
import { presentAdminStatement, presentContract, presentStatementDetail, presentTemplate } from './contracts.presenter';
import * as contracts from './contracts.service';
import { presentHit, presentNode } from './downlines.presenter';
import * as downlines from './downlines.service';
import * as statements from './statements.service';

const tags = ['admin-agents'];
const READ = 'admin:agents.read' as const;
const WRITE = 'admin:agents.write' as const;

type Inputs = { params?: ZodType; querystring?: ZodType; body?: ZodType };

/** A route's options: its permission, summary, inputs and the enveloped answer (every route here has them all). */
function spec<I extends Inputs, R extends ZodType>(
  auth: typeof READ | typeof WRITE,
  summary: string,
  response: R,
  inputs?: I,
) {
  return { schema: { tags, summary, ...(inputs as I), response: { 200: envelope(response) } }, config: { auth } };
}

export function registerAgentsAdminRoutes(root: App, ctx: AppContext): void {
  const app = root.withTypeProvider<ZodTypeProvider>();

  app.get('/admin/agents/contract-templates', spec(READ, 'Contract templates', ContractTemplateList), async () =>
    ok({ list: (await contracts.templates(ctx)).map(presentTemplate) }),
  );

  app.post(
    '/admin/agents/contract-templates',
    spec(WRITE, 'Add a contract template', ContractTemplate, { body: ContractTemplateBody }),
    async (req) =>
      ok(
        presentTemplate(
          await operatorAction(
            ctx,
            requestMetaOf(req),
            'contract.template',
            'contract-template',
            () => contracts.createTemplate(ctx, req.body),
            (t) => ({ after: presentTemplate(t) }),
          ),
        ),
      ),
  );

  app.put(
    '/admin/agents/contract-templates/:id',
    spec(WRITE, 'Change a contract template (contracts already offered keep their terms)', ContractTemplate, {
      params: AdminAgentIdParams,
      body: ContractTemplateBody,
    }),
    async (req) => {
      const r = await operatorAction(
        ctx,
        requestMetaOf(req),
        'contract.template',
        `contract-template:${req.params.id}`,
        () => contracts.changeTemplate(ctx, req.params.id, req.body),
        (x) => ({ before: presentTemplate(x.before), after: presentTemplate(x.after) }),
      );
      return ok(presentTemplate(r.after));
    },
  );

  app.delete(
    '/admin/agents/contract-templates/:id',
    spec(WRITE, 'Remove a contract template', OkValue, { params: AdminAgentIdParams }),
    async (req) => {
      await operatorAction(
        ctx,
        requestMetaOf(req),
        'contract.template',
        `contract-template:${req.params.id}`,
        () => contracts.removeTemplate(ctx, req.params.id),
        (t) => ({ before: presentTemplate(t), after: null }),
      );
      return ok(null);
    },
  );

  // An audited operator action on one contract, answered with the contract as it is after it.
  const contractAction = async (
    req: FastifyRequest,
    event: 'contract.offer' | 'contract.terminate',
    target: string,
    action: (operator: Principal) => Promise<Parameters<typeof presentContract>[0]>,
  ) =>
    ok(
      presentContract(
        await operatorAction(ctx, requestMetaOf(req), event, target, action, (x) => ({ after: presentContract(x) })),
      ),
    );

  const presentLimits = (rows: { kind: string; max_rate_ppm: number }[]) => ({
    list: rows.map((r) => ({ kind: r.kind as never, maxRatePpm: r.max_rate_ppm })),
  });

  app.get(
    '/admin/agents/contract-limits',
    spec(READ, 'The highest rate per kind the operator may give a top agent', ContractLimits),
    async () => ok(presentLimits(await contracts.limits(ctx))),
  );

  app.put(
    '/admin/agents/contract-limits',
    spec(WRITE, 'Set the rate limits of some kinds', ContractLimits, { body: ContractLimitsBody }),
    async (req) => {
      const r = await operatorAction(
        ctx,
        requestMetaOf(req),
        'contract.limits',
        'contract-limits',
        () => contracts.setLimits(ctx, req.body),
        (x) => ({ before: presentLimits(x.before), after: presentLimits(x.after) }),
      );
      return ok(presentLimits(r.after));
    },
  );

  app.post(
    '/admin/agents/contracts',
    spec(WRITE, 'Offer a contract to a top agent (from a template or written out), within the kind’s limit', Contract, {
      body: AdminOfferBody,
    }),
    async (req) =>
      contractAction(req, 'contract.offer', `member:${req.body.agentId}`, (op) =>
        contracts.offerFromTemplateOrTerms(ctx, op, req.body),
      ),
  );

  app.post(
    '/admin/agents/contracts/:id/terminate',
    spec(WRITE, 'Terminate an offered or active contract', Contract, {
      params: AdminAgentIdParams,
      body: AdminTerminateBody,
    }),
    async (req) =>
      contractAction(req, 'contract.terminate', `contract:${req.params.id}`, () =>
        contracts.operatorTerminate(ctx, req.params.id, req.body.reason),
      ),
  );

  app.get(
    '/admin/agents/contracts',
    spec(READ, "Every agent's contracts, filtered by kind, status, holder, offering agent", AdminContractList, {
      querystring: AdminContractsQuery,
    }),
    async (req) => ok(presentGrid(await contracts.contractGrid(ctx, req.query), req.query, presentContract)),
  );

  app.get(
    '/admin/agents/statements',
    spec(
      READ,
      'Settlement statements, filtered by kind, status, holder, contract and period start',
      AdminStatementList,
      { querystring: AdminStatementsQuery },
    ),
    async (req) => {
      const page = await statements.statementGrid(ctx, req.query);
      const holds = await statements.holds(
        ctx,
        page.rows.map((r) => Number(r.id)),
      );
      return ok({
        ...presentGrid(page, req.query, (r) => presentAdminStatement(r, holds)),
        heldTotal: toMajor(page.totals.held),
      });
    },
  );

  app.get(
    '/admin/agents/statements/:id',
    spec(READ, 'One statement with its lines', StatementDetail, { params: AdminAgentIdParams }),
    async (req) => {
      const s = await statements.statementWithLines(ctx, req.params.id);
      return ok(presentStatementDetail(s.row, s.lines));
    },
  );

  app.get(
    '/admin/agents/statements/:id/base',
    spec(
      READ,
      "A statement's base per branch and per member (a page): bets, wins, GGR, each deduction, NGR",
      StatementBreakdown,
      { params: AdminAgentIdParams, querystring: StatementDetailQuery },
    ),
    async (req) => ok(await statements.statementBase(ctx, req.params.id, req.query)),
  );

  app.post(
    '/admin/agents/statements/:id/release',
    spec(WRITE, 'Release a held payout: the statement is paid to the agent now', StatementDetail, {
      params: AdminAgentIdParams,
      body: AdminReleaseBody,
    }),
    async (req) => {
      const s = await operatorAction(
        ctx,
        requestMetaOf(req),
        'statement.release',
        `statement:${req.params.id}`,
        (op) => statements.release(ctx, op, req.params.id),
        (x) => ({ after: { status: x.row.status, amount: toMajor(x.row.amount) }, note: req.body.note ?? null }),
      );
      return ok(presentStatementDetail(s.row, s.lines));
    },
  );

  // Many statements at once: each is its own audited action (the same event as one at a time), run
  // one after another, so one that cannot be done is answered with its code and the rest are done.
  const bulk = async (
    req: FastifyRequest,
    ids: number[],
    event: 'statement.release' | 'statement.hold' | 'statement.unhold',
    action: (op: Principal, id: number) => Promise<{ status: 'paid' | 'held' }>,
    note: string | undefined,
  ) => {
    const results: { id: number; ok: boolean; code: string | null; status: 'paid' | 'held' | null }[] = [];
    for (const id of ids) {
      try {
        const r = await operatorAction(
          ctx,
          requestMetaOf(req),
          event,
          `statement:${id}`,
          (op) => action(op, id),
          (x) => ({ ...x, note: note ?? null, bulk: ids.length }),
        );
        results.push({ id, ok: true, code: null, status: r.status });
      } catch (error) {
        if (!(error instanceof AppError)) throw error;
        results.push({ id, ok: false, code: error.code, status: (await statements.statusOf(ctx, id)) ?? null });
      }
    }
    const done = results.filter((r) => r.ok).length;
    return ok({ results, done, failed: results.length - done });
  };

  app.post(
    '/admin/agents/statements/release',
    spec(
      WRITE,
      'Release many held payouts: each is paid once with its own posting and audit row; the ones that cannot be paid are answered with their code',
      BulkStatementValue,
      { body: BulkReleaseBody },
    ),
    async (req) =>
      bulk(
        req,
        req.body.ids,
        'statement.release',
        async (op, id) => {
          const s = await statements.release(ctx, op, id);
          return { status: s.row.status, after: { status: s.row.status, amount: toMajor(s.row.amount) } };
        },
        req.body.note,
      ),
  );

  app.post(
    '/admin/agents/statements/hold',
    spec(
      WRITE,
      'Keep many held statements on hold with a note: a release refuses them until the hold is taken off',
      BulkStatementValue,
      { body: BulkHoldBody },
    ),
    async (req) =>
      bulk(req, req.body.ids, 'statement.hold', (op, id) => statements.hold(ctx, op, id, req.body.note), req.body.note),
  );

  app.post(
    '/admin/agents/statements/unhold',
    spec(WRITE, 'Take the hold off many statements (they stay held until released)', BulkStatementValue, {
      body: BulkUnholdBody,
    }),
    async (req) => bulk(req, req.body.ids, 'statement.unhold', (_op, id) => statements.unhold(ctx, id), req.body.note),
  );

  app.get(
    '/admin/agents/commission-report',
    spec(
      READ,
      'Commission cost per agent, kind and period (brand days): base, paid, held, carried, with totals',
      CommissionReportValue,
      { querystring: CommissionReportQuery },
    ),
    async (req) => {
      // A report: from the read replica (context.ts readDb).
      const r = await statements.commissionReport(onReplica(ctx), req.query);
      return ok({
        ...presentGrid(r, req.query, (row) => ({
          statementId: Number(row.id),
          agent: { id: Number(row.holder_id), username: row.holder_username },
          kind: row.kind,
          periodStart: new Date(row.period_start).toISOString(),
          periodEnd: new Date(row.period_end).toISOString(),
          status: row.status,
          onHold: row.on_hold,
          base: toMajor(row.base),
          paid: toMajor(row.paid),
          held: toMajor(row.held),
          carried: toMajor(row.carried),
        })),
        timeZone: r.timeZone,
        totals: {
          statements: r.totals.statements,
          base: toMajor(r.totals.base),
          paid: toMajor(r.totals.paid),
          held: toMajor(r.totals.held),
          carried: toMajor(r.totals.carried),
        },
      });
    },
  );

  app.get(
    '/admin/agents/tree',
    spec(READ, "The team tree: a member's direct downlines with their team sizes, or the top agents", TreeValue, {
      querystring: TreeQuery,
    }),
    async (req) =>
      ok({
        parentId: req.query.parentId ?? null,
        list: (await downlines.tree(ctx, req.query.parentId)).map(presentNode),
      }),
  );

  app.get(
    '/admin/agents/search',
    spec(READ, 'Agents whose username contains the text, prefix matches first', AgentSearchValue, {
      querystring: AgentSearchQuery,
    }),
    async (req) => ok({ list: (await downlines.search(ctx, req.query.q, req.query.limit)).map(presentHit) }),
  );
}
