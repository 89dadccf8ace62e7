import { randomBytes } from 'node:crypto';
import { formatMoney } from '@gamehall/shared/money';
import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../../context';
import type { App } from '../../http/app-type';
import { gatewayOrder, gatewaySecret, signBody } from './cashier-callbacks.service';

// The sandbox payment gateway: stands in for an online payment provider so the online deposit
// flow is complete end to end. It lives in-process, but completes a payment the way a real
// gateway does: by sending a signed callback to POST /wps/cashier/callback/sandbox through the
// full HTTP stack (inject), so signature checking and idempotency are exercised for real.

const tags = ['sandbox gateway'];
const ReferenceParams = z.object({ reference: z.string().min(1).max(64) });
const CompleteBody = z.object({ action: z.enum(['pay', 'cancel']) });

export const SANDBOX_CALLBACK_PATH = '/wps/cashier/callback/sandbox';

export function registerSandboxGateway(app: App, ctx: AppContext): void {
  app.get(
    '/sandbox-gateway/pay/:reference',
    {
      schema: { tags, summary: 'Sandbox gateway payment page (HTML) with Pay and Cancel', params: ReferenceParams },
      config: { auth: 'public' },
    },
    async (req, reply) => {
      const found = await gatewayOrder(ctx, req.params.reference);
      const html = found
        ? renderPayPage({
            reference: found.order.reference,
            methodName: found.methodName,
            amount: formatMoney(found.order.amount),
            currency: found.order.currency,
            status: found.order.status,
          })
        : renderMessage('Unknown payment', 'This payment reference is not known to the sandbox gateway.');
      return page(reply, html, found ? 200 : 404);
    },
  );

  app.post(
    '/sandbox-gateway/pay/:reference',
    {
      schema: {
        tags,
        summary: 'Sandbox gateway: pay or cancel; sends the signed callback to the cashier',
        params: ReferenceParams,
        body: CompleteBody,
        consumes: ['application/x-www-form-urlencoded', 'application/json'],
      },
      config: { auth: 'public' },
    },
    async (req, reply) => {
      const found = await gatewayOrder(ctx, req.params.reference);
      if (!found) return page(reply, renderMessage('Unknown payment', 'This payment reference is not known.'), 404);
      const body = JSON.stringify({
        reference: found.order.reference,
        transactionId: `SBX${randomBytes(8).toString('hex').toUpperCase()}`,
        status: req.body.action === 'pay' ? 'paid' : 'cancelled',
        amount: found.order.amount,
      });
      const res = await app.inject({
        method: 'POST',
        url: SANDBOX_CALLBACK_PATH,
        payload: body,
        headers: { 'content-type': 'application/json', 'x-signature': signBody(await gatewaySecret(ctx.db), body) },
      });
      if (res.statusCode !== 200)
        return page(reply, renderMessage('Payment failed', 'The merchant did not accept the payment.'), 409);
      return page(
        reply,
        req.body.action === 'pay'
          ? renderMessage('Payment complete', 'Thank you. You can close this page and return to the site.')
          : renderMessage('Payment cancelled', 'No money was taken. You can close this page.'),
        200,
      );
    },
  );
}

function page(reply: FastifyReply, html: string, status: number) {
  return reply
    .status(status)
    .type('text/html; charset=utf-8')
    .header('cache-control', 'no-store')
    .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'")
    .send(html);
}

const ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
function esc(value: string): string {
  return value.replace(/[&<>"']/g, (c) => ENTITIES[c] ?? c);
}

const STYLE = `body{font-family:system-ui,sans-serif;background:#f3f4f6;margin:0;display:flex;min-height:100vh;align-items:center;justify-content:center}
main{background:#fff;border-radius:12px;box-shadow:0 4px 24px rgba(0,0,0,.08);padding:32px;max-width:380px;width:100%}
h1{font-size:20px;margin:0 0 4px}p.note{color:#6b7280;font-size:13px;margin:0 0 24px}
dl{display:grid;grid-template-columns:auto 1fr;gap:8px 16px;margin:0 0 24px}dt{color:#6b7280}dd{margin:0;font-weight:600;word-break:break-all}
.actions{display:flex;gap:12px}form{flex:1}button{width:100%;padding:12px;border:0;border-radius:8px;font-size:16px;cursor:pointer}
.pay{background:#2563eb;color:#fff}.cancel{background:#e5e7eb;color:#111827}`;

function layout(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${esc(title)}</title><style>${STYLE}</style></head><body><main>${body}</main></body></html>`;
}

export function renderPayPage(o: {
  reference: string;
  methodName: string;
  amount: string;
  currency: string;
  status: string;
}): string {
  const action = `/sandbox-gateway/pay/${encodeURIComponent(o.reference)}`;
  const details = `<dl><dt>Method</dt><dd>${esc(o.methodName)}</dd><dt>Reference</dt><dd>${esc(o.reference)}</dd><dt>Amount</dt><dd>${esc(o.currency)} ${esc(o.amount)}</dd><dt>Status</dt><dd>${esc(o.status)}</dd></dl>`;
  const buttons =
    o.status === 'pending'
      ? `<div class="actions"><form method="post" action="${esc(action)}"><input type="hidden" name="action" value="pay"><button class="pay" type="submit">Pay</button></form><form method="post" action="${esc(action)}"><input type="hidden" name="action" value="cancel"><button class="cancel" type="submit">Cancel</button></form></div>`
      : '<p>This payment is no longer open.</p>';
  return layout(
    'Sandbox payment',
    `<h1>Sandbox payment</h1><p class="note">Test gateway: no real money moves.</p>${details}${buttons}`,
  );
}

function renderMessage(title: string, text: string): string {
  return layout(title, `<h1>${esc(title)}</h1><p>${esc(text)}</p>`);
}
