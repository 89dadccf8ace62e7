import {
  AdminBrandKeyParams,
  AdminBrandSetting,
  AdminBrandSettingBody,
  AdminBrandSettings,
  AdminBrandSwitch,
  AdminSwitchBody,
  AdminSwitchParams,
} from '@gamehall/shared/api/admin';
import { envelope } from '@gamehall/shared/api/common';
import type { AppContext } from '../../context';
import type { App } from '../../http/app-type';
import { ok } from '../../http/envelope';
import { requestMetaOf } from '../../http/request-meta';
import { operatorAction } from '../audit/operator-action';
import { presentAdminBrandSettings, presentAdminSwitch } from './brand.presenter';
import * as brandSettings from './brand-settings.service';

const tags = ['admin'];
// Brand settings and switches change the whole site (maintenance, region restriction, languages).
const SITE_WRITE = 'admin:site.write' as const;

export function registerBrandAdminRoutes(app: App, ctx: AppContext): void {
  app.get(
    '/admin/brand/settings',
    {
      schema: {
        tags,
        summary: 'Every brand setting with its current value, and the whitelabel switches',
        response: { 200: envelope(AdminBrandSettings) },
      },
      config: { auth: SITE_WRITE },
    },
    async () => {
      const { brand, switches, smsSentToday } = await brandSettings.brandConfiguration(ctx);
      return ok(presentAdminBrandSettings(brand, switches, smsSentToday));
    },
  );

  app.put(
    '/admin/brand/settings/:key',
    {
      schema: {
        tags,
        summary: 'Change one brand setting (value typed by the key); every node sees it within 2 s',
        params: AdminBrandKeyParams,
        body: AdminBrandSettingBody,
        response: { 200: envelope(AdminBrandSetting) },
      },
      config: { auth: SITE_WRITE },
    },
    async (req) => {
      const changed = await operatorAction(
        ctx,
        requestMetaOf(req),
        'brand.setting',
        req.params.key,
        () => brandSettings.changeBrandSetting(ctx, req.params.key, req.body.value),
        (c) => ({ key: c.key, before: c.old, after: c.value }),
      );
      return ok({ key: changed.key, value: changed.value });
    },
  );

  app.put(
    '/admin/brand/switches/:modId',
    {
      schema: {
        tags,
        summary: 'Turn a whitelabel switch on or off',
        params: AdminSwitchParams,
        body: AdminSwitchBody,
        response: { 200: envelope(AdminBrandSwitch) },
      },
      config: { auth: SITE_WRITE },
    },
    async (req) => {
      const changed = await operatorAction(
        ctx,
        requestMetaOf(req),
        'brand.switch',
        req.params.modId,
        () => brandSettings.changeSwitch(ctx, req.params.modId, req.body.enabled),
        (c) => ({ modId: c.row.mod_id, before: c.old, after: c.row.enabled }),
      );
      return ok(presentAdminSwitch(changed.row));
    },
  );
}
