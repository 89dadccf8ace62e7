import { envelope } from '@gamehall/shared/api/common';
import {
  CascadePreview,
  CONTRACT_KINDS,
  CONTRACT_RELAY_PATHS,
  Contract,
  ContractActionBody,
  ContractIdParams,
  ContractInfo,
  ContractList,
  ContractListQuery,
  MyContracts,
  PendingContracts,
} from '@gamehall/shared/api/contracts';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';
import type { App } from '../../http/app-type';
import { principalOf } from '../../http/auth';
import { ok } from '../../http/envelope';
import { pageCounts } from '../../http/paging';
import { requestMetaOf } from '../../http/request-meta';
import { presentContract } from './contracts.presenter';
import * as contracts from './contracts.service';
import * as mine from './my-contracts.service';

const tags = ['contracts'];

function paged<T>(rows: T[], total: number, page: { pageNo: number; pageSize: number }) {
  return {
    content: rows,
    ...pageCounts(total, page),
  };
}

export function registerContractRoutes(root: App, ctx: AppContext): void {
  const app = root.withTypeProvider<ZodTypeProvider>();

  // spec §7 Contracts: one call per kind. A member acts on contracts it holds; offering needs an
  // agent (checked by the service, since a holder that is not an agent answers on the same call).
  for (const kind of CONTRACT_KINDS) {
    app.post(
      CONTRACT_RELAY_PATHS[kind],
      {
        schema: {
          tags,
          summary: `${kind} contract: offer to a direct downline, accept, reject, or ask / answer a termination`,
          body: ContractActionBody,
          response: { 200: envelope(Contract) },
        },
        config: { auth: 'member' },
      },
      async (req) =>
        ok(presentContract(await contracts.act(ctx, requestMetaOf(req), principalOf(req).memberId, kind, req.body))),
    );
  }

  app.get(
    '/wps/contracts',
    {
      schema: {
        tags,
        summary: 'The contracts the signed-in member holds',
        querystring: ContractListQuery,
        response: { 200: envelope(ContractList) },
      },
      config: { auth: 'member' },
    },
    async (req) => {
      const page = await contracts.held(ctx, principalOf(req).memberId, req.query);
      return ok(paged(page.rows.map(presentContract), page.total, req.query));
    },
  );

  app.get(
    '/wps/contracts/pending',
    {
      schema: {
        tags,
        summary: "What waits for the member's answer: offers and termination requests (the contract popup)",
        response: { 200: envelope(PendingContracts) },
      },
      config: { auth: 'member' },
    },
    async (req) => {
      const p = await contracts.pending(ctx, principalOf(req).memberId);
      return ok({
        offers: p.offers.map(presentContract),
        terminationRequests: p.terminationRequests.map(presentContract),
      });
    },
  );

  app.get(
    '/wps/contracts/info',
    {
      schema: {
        tags,
        summary: 'Consolidated contract info (spec §3): requests waiting and contract kinds held',
        response: { 200: envelope(ContractInfo) },
      },
      config: { auth: 'member' },
    },
    async (req) => ok(await contracts.contractInfo(ctx.db, principalOf(req).memberId)),
  );

  app.get(
    '/wps/agent/contracts/offered',
    {
      schema: {
        tags,
        summary: 'The contracts the signed-in agent offered its direct downlines',
        querystring: ContractListQuery,
        response: { 200: envelope(ContractList) },
      },
      config: { auth: 'agent' },
    },
    async (req) => {
      const page = await contracts.offered(ctx, principalOf(req).memberId, req.query);
      return ok(paged(page.rows.map(presentContract), page.total, req.query));
    },
  );

  app.get(
    '/wps/agent/my-contracts',
    {
      schema: {
        tags,
        summary: 'My contracts: the contracts the agent holds and gave, with carry-over and newest statements',
        response: { 200: envelope(MyContracts) },
      },
      config: { auth: 'agent' },
    },
    async (req) => ok(await mine.myContracts(ctx, principalOf(req).memberId)),
  );

  app.get(
    '/wps/contracts/:id/cascade',
    {
      schema: {
        tags,
        summary: 'The downline contracts that accepting this offer would end (spec §4 auto-termination), by level',
        params: ContractIdParams,
        response: { 200: envelope(CascadePreview) },
      },
      config: { auth: 'member' },
    },
    async (req) => ok(await mine.cascadePreview(ctx, principalOf(req).memberId, req.params.id)),
  );
}
