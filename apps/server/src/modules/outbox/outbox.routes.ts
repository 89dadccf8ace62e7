import { type OutboxEntry, OutboxList } from '@gamehall/shared/api/site';
import type { AppContext } from '../../context';
import type { App } from '../../http/app-type';
import { recentOutbox } from './outbox.service';

const tags = ['dev'];

/**
 * api-conventions "SMS and mail": in demo mode the outbox is readable at /dev/outbox (a page) and
 * /dev/outbox.json (a bare array, newest first), so a demo can receive its SMS codes. Outside demo
 * mode the paths are not registered at all: they answer the ordinary 404.
 */
export function registerOutboxRoutes(app: App, ctx: AppContext): void {
  if (!ctx.config.demo) return;

  app.get(
    '/dev/outbox.json',
    {
      schema: {
        tags,
        summary: 'Demo outbox: SMS and mail kept by the default providers, newest first',
        response: { 200: OutboxList },
      },
      config: { auth: 'public' },
    },
    async () => recentOutbox(ctx.db),
  );

  app.get(
    '/dev/outbox',
    {
      schema: { tags, summary: 'Demo outbox as a page that refreshes every 3 s' },
      config: { auth: 'public' },
    },
    async (_req, reply) => {
      const rows = await recentOutbox(ctx.db);
      return reply
        .type('text/html; charset=utf-8')
        .header('cache-control', 'no-store')
        .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'")
        .send(renderOutboxPage(rows));
    },
  );
}

const ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => ENTITIES[c] ?? c);
}

export function renderOutboxPage(rows: OutboxEntry[]): string {
  const body =
    rows.length === 0
      ? '<tr><td colspan="5" class="empty">Nothing sent yet.</td></tr>'
      : rows
          .map(
            (r) =>
              `<tr><td>${escapeHtml(r.channel)}</td><td>${escapeHtml(r.to)}</td><td class="text">${escapeHtml(r.text)}</td>` +
              `<td class="code">${escapeHtml(r.code ?? '')}</td><td><time datetime="${escapeHtml(r.createdAt)}">${escapeHtml(r.createdAt)}</time></td></tr>`,
          )
          .join('\n');
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta http-equiv="refresh" content="3">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Demo outbox</title>
<style>
  :root { color-scheme: dark; }
  body { margin: 0; padding: 24px; background: #11141a; color: #e8eaed; font: 15px/1.5 system-ui, sans-serif; }
  h1 { margin: 0 0 4px; font-size: 22px; }
  p { margin: 0 0 16px; color: #aab1bc; }
  table { width: 100%; border-collapse: collapse; }
  th, td { padding: 8px 10px; border-bottom: 1px solid #2a303a; text-align: left; vertical-align: top; }
  th { color: #aab1bc; font-weight: 600; }
  td.text { white-space: pre-wrap; word-break: break-word; }
  td.code { font: 600 17px/1.4 ui-monospace, monospace; color: #ffd479; }
  td.empty { color: #aab1bc; text-align: center; }
</style>
</head>
<body>
<h1>Demo outbox</h1>
<p>SMS and mail kept by the demo providers, newest first. This page refreshes every 3 seconds.</p>
<table>
<thead><tr><th>Channel</th><th>Recipient</th><th>Text</th><th>Code</th><th>Time</th></tr></thead>
<tbody>
${body}
</tbody>
</table>
</body>
</html>
`;
}
