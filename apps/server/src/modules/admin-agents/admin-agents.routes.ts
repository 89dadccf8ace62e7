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
  ContractLimits,
  ContractLimitsBody,
  ContractTemplate,
  ContractTemplateBody,
  ContractTemplateList,
  TreeQuery,
  TreeValue,
} from '@gamehall/shared/api/admin-agents';
import { envelope, OkValue } from '@gamehall/shared/api/common';
import { Contract, StatementDetail } from '@gamehall/shared/api/contracts';
import { toMajor } from '@gamehall/shared/money';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { App } from '../../app';
import type { AppContext } from '../../context';
import { ok } from '../../http/envelope';
import { presentGrid } from '../../http/paging';
import { operatorAction } from '../admin/admin.service';
import { presentContract, presentStatement, presentStatementDetail } from '../agents/contracts.views';
import { presentHit, presentNode, presentTemplate } from './admin-agents.presenter';
import * as agents from './admin-agents.service';

const tags = ['admin-agents'];
const READ = 'admin:agents.read' as const;
const WRITE = 'admin:agents.write' as const;

export function registerAdminAgentsRoutes(root: App, ctx: AppContext): void {
  const app = root.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/admin/agents/contract-templates',
    {
      schema: { tags, summary: 'Contract templates', response: { 200: envelope(ContractTemplateList) } },
      config: { auth: READ },
    },
    async () => ok({ list: (await agents.templates(ctx)).map(presentTemplate) }),
  );

  app.post(
    '/admin/agents/contract-templates',
    {
      schema: {
        tags,
        summary: 'Add a contract template',
        body: ContractTemplateBody,
        response: { 200: envelope(ContractTemplate) },
      },
      config: { auth: WRITE },
    },
    async (req) =>
      ok(
        presentTemplate(
          await operatorAction(
            ctx,
            req,
            'contract.template',
            'contract-template',
            () => agents.createTemplate(ctx, req.body),
            (t) => ({ after: presentTemplate(t) }),
          ),
        ),
      ),
  );

  app.put(
    '/admin/agents/contract-templates/:id',
    {
      schema: {
        tags,
        summary: 'Change a contract template (contracts already offered keep their terms)',
        params: AdminAgentIdParams,
        body: ContractTemplateBody,
        response: { 200: envelope(ContractTemplate) },
      },
      config: { auth: WRITE },
    },
    async (req) => {
      const r = await operatorAction(
        ctx,
        req,
        'contract.template',
        `contract-template:${req.params.id}`,
        () => agents.changeTemplate(ctx, req.params.id, req.body),
        (x) => ({ before: presentTemplate(x.before), after: presentTemplate(x.after) }),
      );
      return ok(presentTemplate(r.after));
    },
  );

  app.delete(
    '/admin/agents/contract-templates/:id',
    {
      schema: {
        tags,
        summary: 'Remove a contract template',
        params: AdminAgentIdParams,
        response: { 200: envelope(OkValue) },
      },
      config: { auth: WRITE },
    },
    async (req) => {
      await operatorAction(
        ctx,
        req,
        'contract.template',
        `contract-template:${req.params.id}`,
        () => agents.removeTemplate(ctx, req.params.id),
        (t) => ({ before: presentTemplate(t), after: null }),
      );
      return ok(null);
    },
  );

  const presentLimits = (rows: { kind: string; max_rate_ppm: number }[]) => ({
    list: rows.map((r) => ({ kind: r.kind as never, maxRatePpm: r.max_rate_ppm })),
  });

  app.get(
    '/admin/agents/contract-limits',
    {
      schema: {
        tags,
        summary: 'The highest rate per kind the operator may give a top agent',
        response: { 200: envelope(ContractLimits) },
      },
      config: { auth: READ },
    },
    async () => ok(presentLimits(await agents.limits(ctx))),
  );

  app.put(
    '/admin/agents/contract-limits',
    {
      schema: {
        tags,
        summary: 'Set the rate limits of some kinds',
        body: ContractLimitsBody,
        response: { 200: envelope(ContractLimits) },
      },
      config: { auth: WRITE },
    },
    async (req) => {
      const r = await operatorAction(
        ctx,
        req,
        'contract.limits',
        'contract-limits',
        () => agents.setLimits(ctx, req.body),
        (x) => ({ before: presentLimits(x.before), after: presentLimits(x.after) }),
      );
      return ok(presentLimits(r.after));
    },
  );

  app.post(
    '/admin/agents/contracts',
    {
      schema: {
        tags,
        summary: 'Offer a contract to a top agent (from a template or written out), within the kind’s limit',
        body: AdminOfferBody,
        response: { 200: envelope(Contract) },
      },
      config: { auth: WRITE },
    },
    async (req) => {
      const c = await operatorAction(
        ctx,
        req,
        'contract.offer',
        `member:${req.body.agentId}`,
        (op) => agents.offer(ctx, op, req.body),
        (x) => ({ after: presentContract(x) }),
      );
      return ok(presentContract(c));
    },
  );

  app.post(
    '/admin/agents/contracts/:id/terminate',
    {
      schema: {
        tags,
        summary: 'Terminate an offered or active contract',
        params: AdminAgentIdParams,
        body: AdminTerminateBody,
        response: { 200: envelope(Contract) },
      },
      config: { auth: WRITE },
    },
    async (req) => {
      const r = await operatorAction(
        ctx,
        req,
        'contract.terminate',
        `contract:${req.params.id}`,
        () => agents.terminate(ctx, req.params.id, req.body.reason),
        (x) => ({ after: presentContract(x) }),
      );
      return ok(presentContract(r));
    },
  );

  app.get(
    '/admin/agents/contracts',
    {
      schema: {
        tags,
        summary: "Every agent's contracts, filtered by kind, status, holder, offering agent",
        querystring: AdminContractsQuery,
        response: { 200: envelope(AdminContractList) },
      },
      config: { auth: READ },
    },
    async (req) => ok(presentGrid(await agents.contractGrid(ctx, req.query), req.query, presentContract)),
  );

  app.get(
    '/admin/agents/statements',
    {
      schema: {
        tags,
        summary: 'Settlement statements, filtered by kind, status, holder, contract and period start',
        querystring: AdminStatementsQuery,
        response: { 200: envelope(AdminStatementList) },
      },
      config: { auth: READ },
    },
    async (req) => {
      const page = await agents.statementGrid(ctx, req.query);
      return ok({ ...presentGrid(page, req.query, presentStatement), heldTotal: toMajor(page.totals.held) });
    },
  );

  app.get(
    '/admin/agents/statements/:id',
    {
      schema: {
        tags,
        summary: 'One statement with its lines',
        params: AdminAgentIdParams,
        response: { 200: envelope(StatementDetail) },
      },
      config: { auth: READ },
    },
    async (req) => {
      const s = await agents.statement(ctx, req.params.id);
      return ok(presentStatementDetail(s.row, s.lines));
    },
  );

  app.post(
    '/admin/agents/statements/:id/release',
    {
      schema: {
        tags,
        summary: 'Release a held payout: the statement is paid to the agent now',
        params: AdminAgentIdParams,
        body: AdminReleaseBody,
        response: { 200: envelope(StatementDetail) },
      },
      config: { auth: WRITE },
    },
    async (req) => {
      const s = await operatorAction(
        ctx,
        req,
        'statement.release',
        `statement:${req.params.id}`,
        (op) => agents.release(ctx, op, req.params.id),
        (x) => ({ after: { status: x.row.status, amount: toMajor(x.row.amount) }, note: req.body.note ?? null }),
      );
      return ok(presentStatementDetail(s.row, s.lines));
    },
  );

  app.get(
    '/admin/agents/tree',
    {
      schema: {
        tags,
        summary: "The team tree: a member's direct downlines with their team sizes, or the top agents",
        querystring: TreeQuery,
        response: { 200: envelope(TreeValue) },
      },
      config: { auth: READ },
    },
    async (req) =>
      ok({ parentId: req.query.parentId ?? null, list: (await agents.tree(ctx, req.query.parentId)).map(presentNode) }),
  );

  app.get(
    '/admin/agents/search',
    {
      schema: {
        tags,
        summary: 'Agents whose username contains the text, prefix matches first',
        querystring: AgentSearchQuery,
        response: { 200: envelope(AgentSearchValue) },
      },
      config: { auth: READ },
    },
    async (req) => ok({ list: (await agents.search(ctx, req.query.q, req.query.limit)).map(presentHit) }),
  );
}
