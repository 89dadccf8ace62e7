import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../context';
import type { App } from '../../http/app-type';
import { AppError } from '../../http/errors';
import { invalidationWatch } from '../../realtime/event-bus';
import { forgetBrand, getBrand } from '../brand/brand.service';
import { forgetRegionVerdicts } from './region';
import { visitorState } from './site.service';

// The player and lottery APIs. Everything else (/admin, /vendor, /dev, /docs, /art, /healthz, /ws,
// /studio) is outside the whole-site states: operators must work during maintenance, vendors must be
// able to settle rounds, and the demo outbox, docs and art are not the site.
const GUARDED = /^\/(wps|lgw|lotto)(\/|$)/;

/**
 * spec §2 whole-site states. During maintenance (1) or for a restricted visitor (2) the site shows a
 * page with the state, the visitor's IP and a customer service button, and may still switch language.
 * So these stay open:
 * - /wps/system/*: status, config, permission info, whitelabel, public key, resources, banners... all
 *   that the maintenance and restriction pages (and the client start-up) read;
 * - /wps/member/language: the language selector on those pages;
 * - /wps/captcha and /wps/verification/challenge: harmless generators the login form loads first.
 * Everything else under /wps, /lgw and /lotto (login, registration, wallet, games) is refused.
 */
const OPEN_DURING_STATES = [
  /^\/wps\/system\//,
  /^\/wps\/captcha\/?$/,
  /^\/wps\/verification\/challenge\/?$/,
  /^\/wps\/member\/language\/?$/,
  // The maintenance and region pages' customer-service button opens the live chat.
  /^\/wps\/chat\//,
  /^\/wps\/relay\/CBS_(modelList|launchChat)\/?$/,
  // Payment gateways settle deposits from wherever they are hosted, maintenance or not.
  /^\/wps\/cashier\/callback\//,
];

// The matched route's pattern when there is one, so an encoded or oddly written URL cannot pass for
// an open path; the raw path (without the query) for a 404.
function pathOf(request: FastifyRequest): string {
  return request.routeOptions.url ?? request.url.split('?')[0] ?? '';
}

/** Whether an invalidation payload may concern the brand: a brand notice, or anything missed (null). */
function concernsBrand(payload: string | null): boolean {
  return payload === null || payload.includes('"brand"');
}

export function registerSiteState(app: App, ctx: AppContext): void {
  // A brand write on any node (migration 0070's notice) drops this node's brand and region verdicts,
  // so a maintenance switch or a new region rule applies from the next request, not the cache's end.
  const watch = invalidationWatch(ctx.events, (payload) => {
    if (!concernsBrand(payload)) return;
    forgetBrand();
    forgetRegionVerdicts();
  });

  const check = async (request: FastifyRequest, path: string) => {
    watch.ensure();

    // api-conventions: one brand per deployment; the Merchant header is checked when present.
    const merchant = request.headers.merchant;
    if (merchant !== undefined) {
      const brand = await getBrand(ctx.db);
      const sent = Array.isArray(merchant) ? merchant.join(',') : merchant;
      if (sent.trim() !== brand.merchantCode) throw new AppError('MERCHANT_MISMATCH');
    }

    if (OPEN_DURING_STATES.some((open) => open.test(path))) return;
    const state = await visitorState(ctx, request.ip);
    // Maintenance overrides region restriction (spec §2).
    if (state.maintenance) {
      throw new AppError('SYSTEM_MAINTENANCE', {
        value: { title: state.brand.maintenance.title, info: state.brand.maintenance.info },
      });
    }
    if (state.restricted) throw new AppError('REGION_RESTRICTED', { value: { ip: state.ip } });
  };
  // A callback hook: the unguarded routes (/healthz, /admin, /vendor...) pay no promise for it.
  app.addHook('onRequest', (request, _reply, done) => {
    const path = pathOf(request);
    if (!GUARDED.test(path)) return done();
    check(request, path).then(() => done(), done);
  });
}
