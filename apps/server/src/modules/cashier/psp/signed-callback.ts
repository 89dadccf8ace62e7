import { createHmac } from 'node:crypto';
import { SandboxCallbackBody } from '@gamehall/shared/api/cashier';
import { hexSignatureMatches } from '../../../http/constant-time';
import type { PaymentProvider } from './provider';
import { PspError } from './provider';

// Gamehall's own payment callback as a plugin: a JSON body { reference, transactionId, status,
// amount } (minor units) signed with HMAC-SHA256 of the raw bytes, hex in X-Signature. The sandbox
// gateway (demo mode, in-process pay page) speaks it, and so does an e-wallet provider an operator
// configures by hand on its method (docs/cashier.md "E-wallet"). Their callbacks keep their own
// routes (/wps/cashier/callback/...), whose answers are part of Gamehall's API.

export function signCallback(secret: string, rawBody: string | Buffer): string {
  return createHmac('sha256', secret).update(rawBody).digest('hex');
}

/** The sandbox gateway's pay page for an order (gateway.ts serves it). */
export function sandboxPayUrl(publicUrl: string, reference: string): string {
  return `${publicUrl.replace(/\/$/, '')}/sandbox-gateway/pay/${encodeURIComponent(reference)}`;
}

function signedCallbackProvider(code: string, name: string): PaymentProvider {
  return {
    code,
    name,
    keyMatchesMode: () => true,
    async createCharge(conn, req) {
      // The sandbox's pay page is the server's own; a hand-configured provider's comes from its
      // template (cashier.presenter.ts fills it per order).
      return { paymentId: req.reference, payUrl: sandboxPayUrl(conn.baseUrl, req.reference), deepLink: null };
    },
    async queryPayment() {
      // It reports by its callback alone: there is nothing to ask.
      throw new PspError(`${name} has no state query`, 'refused');
    },
    verifyWebhook(conns, req) {
      const given = req.headers['x-signature'];
      const signature = typeof given === 'string' ? given : null;
      return conns.find((c) => hexSignatureMatches(signature, signCallback(c.webhookToken, req.rawBody))) ?? null;
    },
    parseWebhook(req) {
      let json: unknown;
      try {
        json = JSON.parse(req.rawBody.toString('utf8'));
      } catch {
        return null;
      }
      const parsed = SandboxCallbackBody.safeParse(json);
      if (!parsed.success) return null;
      const b = parsed.data;
      return {
        eventId: `${b.transactionId}:${b.status}`,
        kind: 'payment',
        payment: {
          paymentId: b.transactionId,
          reference: b.reference,
          status: b.status === 'paid' ? 'paid' : 'failed',
          amount: b.amount,
          // The format names no currency: the order's is the only one it can pay.
          currency: '',
          failure: b.status === 'paid' ? null : 'cancelled',
        },
      };
    },
    async testConnection() {
      // Nothing to call: the callback's secret is checked on each callback.
    },
  };
}

/** The sandbox gateway (demo mode only: docs/operations.md "Sandbox payment gateway"). */
export const sandboxGateway = signedCallbackProvider('sandbox', 'Sandbox gateway');
/** An e-wallet provider configured by hand on its method, speaking Gamehall's signed callback. */
export const signedEwallet = signedCallbackProvider('signed-ewallet', 'E-wallet provider');
