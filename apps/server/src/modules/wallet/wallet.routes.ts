import { envelope } from '@gamehall/shared/api/common';
import {
  BalanceValue,
  BonusQuery,
  BonusValue,
  ConsolidatedFundsValue,
  DownlineTransferBody,
  MerchantWalletQuery,
  MerchantWalletValue,
  ProfitLossQuery,
  ProfitLossValue,
  TransactionsQuery,
  TransactionsValue,
  TransferValue,
  UplineTransferBody,
  WalletTransferBody,
  WalletTransferValue,
} from '@gamehall/shared/api/wallet';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';
import type { App } from '../../http/app-type';
import { principalOf } from '../../http/auth';
import { ok } from '../../http/envelope';
import {
  presentBalance,
  presentBonus,
  presentConsolidated,
  presentEntries,
  presentProfitLoss,
  presentTransfer,
  presentVendorTransfer,
} from './wallet.presenter';
import * as wallet from './wallet.service';

const tags = ['wallet'];

export function registerWalletRoutes(root: App, ctx: AppContext): void {
  const app = root.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/wps/v2/wallets/balance',
    {
      schema: {
        tags,
        summary: 'Main wallet balance, available (balance minus held) and held, in major units',
        response: { 200: envelope(BalanceValue) },
      },
      config: { auth: 'session' },
    },
    async (req) => ok(presentBalance(await wallet.memberBalance(ctx, principalOf(req).memberId))),
  );

  app.get(
    '/wps/relay/GCS_merchantWallet',
    {
      schema: {
        tags,
        summary: 'Wallet mode of the brand: isSingle 1 (single wallet, the default) or 0 (transfer wallets)',
        querystring: MerchantWalletQuery,
        response: { 200: envelope(MerchantWalletValue) },
      },
      config: { auth: 'session' },
    },
    async (_req, reply) => {
      reply.header('Cache-Control', 'private, max-age=300');
      return ok(await wallet.merchantWallet(ctx));
    },
  );

  app.post(
    '/wps/relay/GCS_walletTransfer',
    {
      schema: {
        tags,
        summary: 'Transfer-wallet mode: move money between the main wallet and a vendor wallet (IN = to the vendor)',
        body: WalletTransferBody,
        response: { 200: envelope(WalletTransferValue) },
      },
      config: { auth: 'member', movesMoney: true },
    },
    async (req) => ok(presentVendorTransfer(await wallet.vendorTransfer(ctx, principalOf(req).memberId, req.body))),
  );

  app.get(
    '/wps/member/info/funds/consolidated',
    {
      schema: {
        tags,
        summary: 'Consolidated funds: main, held, bonus and vendor wallets (only when AGENTPOLICY3 is on)',
        response: { 200: envelope(ConsolidatedFundsValue) },
      },
      config: { auth: 'member' },
    },
    async (req) => ok(presentConsolidated(await wallet.consolidatedFunds(ctx, principalOf(req).memberId))),
  );

  app.post(
    '/wps/member/transfer/upline',
    {
      schema: {
        tags,
        summary: 'Transfer to the upline with the payment password; idempotent on requestId',
        body: UplineTransferBody,
        response: { 200: envelope(TransferValue) },
      },
      config: { auth: 'member', encrypted: true, movesMoney: true },
    },
    async (req) => ok(presentTransfer(await wallet.transferToUpline(ctx, principalOf(req).memberId, req.body))),
  );

  app.post(
    '/wps/agent/transfer/downline',
    {
      schema: {
        tags,
        summary: 'Agent transfer to one of their downlines (by id or username) with the payment password',
        body: DownlineTransferBody,
        response: { 200: envelope(TransferValue) },
      },
      config: { auth: 'agent', encrypted: true, movesMoney: true },
    },
    async (req) => ok(presentTransfer(await wallet.transferToDownline(ctx, principalOf(req).memberId, req.body))),
  );

  app.get(
    '/wps/member/transactions',
    {
      schema: {
        tags,
        summary: 'Account record: cash movements with type filter, date range or 7/30-day shortcut, paged',
        querystring: TransactionsQuery,
        response: { 200: envelope(TransactionsValue) },
      },
      config: { auth: 'member' },
    },
    async (req) => {
      const principal = principalOf(req);
      return ok(
        presentEntries(await wallet.transactions(ctx, principal.memberId, req.query), principal.language.toUpperCase()),
      );
    },
  );

  app.get(
    '/wps/member/profitLoss',
    {
      schema: {
        tags,
        summary: 'Personal profit and loss by movement type over a date range or 7/30-day shortcut',
        querystring: ProfitLossQuery,
        response: { 200: envelope(ProfitLossValue) },
      },
      config: { auth: 'member' },
    },
    async (req) => ok(presentProfitLoss(await wallet.profitLoss(ctx, principalOf(req).memberId, req.query))),
  );

  app.get(
    '/wps/member/bonus',
    {
      schema: {
        tags,
        summary: 'Bonus details: the bonus balance and its movements, paged',
        querystring: BonusQuery,
        response: { 200: envelope(BonusValue) },
      },
      config: { auth: 'member' },
    },
    async (req) => ok(presentBonus(await wallet.bonusDetails(ctx, principalOf(req).memberId, req.query))),
  );
}
