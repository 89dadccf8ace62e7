import { expect } from 'vitest';
import { call, fund, PAYMENT_PASSWORD, requestId, setPaymentPassword } from '../modules/cashier/cashier.fixtures';
import type { TestApp } from './harness';
import { injectEncrypted } from './jwe';

/**
 * An approved withdrawal of `amount` (major units) by `m`, whose payee name is Lito Ramos: the member
 * is funded with 1,000.00, binds a bank account in that name which the operator confirms, asks for
 * the withdrawal with the payment password, and the operator approves it. Its reference and its
 * Mark paid URL.
 */
export async function approvedWithdrawal(
  t: TestApp,
  m: { id: number; token: string },
  operator: string,
  amount: number,
): Promise<{ reference: string; url: string }> {
  await setPaymentPassword(t, m.id);
  await fund(t, m.id, 100_000);
  const bank = await call(t, 'POST', '/wps/cashier/bankAccounts', m.token, {
    bankName: 'BPI',
    accountName: 'Lito Ramos',
    accountNumber: `30${Math.floor(Math.random() * 1e9)}`,
  });
  const bankId = bank.json().value.id as number;
  expect((await call(t, 'POST', `/admin/cashier/bankAccounts/${bankId}/confirm`, operator)).statusCode).toBe(200);
  const order = await injectEncrypted(t.app, {
    method: 'POST',
    url: '/wps/cashier/withdraw',
    token: m.token,
    body: { bankAccountId: bankId, amount, paymentPassword: PAYMENT_PASSWORD, requestId: requestId() },
  });
  expect(order.statusCode, order.body).toBe(200);
  const reference = order.json().value.reference as string;
  expect((await call(t, 'POST', `/admin/cashier/withdrawals/${reference}/approve`, operator)).statusCode).toBe(200);
  return { reference, url: `/admin/cashier/withdrawals/${reference}/paid` };
}
