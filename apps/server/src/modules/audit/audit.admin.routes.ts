import { envelope } from '@gamehall/shared/api/common';
import { AuditList, AuditQuery } from '@gamehall/shared/api/operators';
import type { AppContext } from '../../context';
import type { App } from '../../http/app-type';
import { ok } from '../../http/envelope';
import { presentAuditEntry } from './audit.presenter';
import { auditTrail } from './audit.service';

export function registerAuditAdminRoutes(app: App, ctx: AppContext): void {
  app.get(
    '/admin/audit',
    {
      schema: {
        tags: ['admin'],
        summary:
          'The audit trail, newest first: operator (username), action (event or prefix*), target, from/to, success; operators only unless actor=all',
        querystring: AuditQuery,
        response: { 200: envelope(AuditList) },
      },
      config: { auth: 'admin:audit.read' },
    },
    async (req) => {
      // A long history list: the read replica (context.ts readDb).
      const page = await auditTrail(ctx.readDb, req.query);
      return ok({
        list: page.rows.map(presentAuditEntry),
        total: page.total,
        pageNo: req.query.pageNo,
        pageSize: req.query.pageSize,
      });
    },
  );
}
