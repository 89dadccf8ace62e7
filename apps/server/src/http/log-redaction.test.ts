import { redactUrl } from '@gamehall/shared/redact-url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { bootstrap } from '../bootstrap';
import { testConfig } from '../config';
import type { AppContext } from '../context';
import type { App } from './app-type';

// Tokens in query strings (/ws?token=, /studio/play?token=) never reach the request log.

let ctx: AppContext;
let app: App;
const lines: string[] = [];

beforeAll(async () => {
  ctx = await bootstrap(testConfig({ logLevel: 'info' }));
  app = await buildApp(ctx, { logStream: { write: (line) => lines.push(line) } });
});
afterAll(async () => {
  await app.close();
  await ctx.database.close();
});

describe('redactUrl', () => {
  it('redacts every parameter named token, in any case or encoding, and keeps the rest', () => {
    expect(redactUrl('/ws?token=abc')).toBe('/ws?token=[redacted]');
    expect(redactUrl('/studio/play?game=SLOT-1&Token=abc&lang=en')).toBe(
      '/studio/play?game=SLOT-1&Token=[redacted]&lang=en',
    );
    expect(redactUrl('/x?TOKEN=a&token=b&%74oken=c#frag')).toBe(
      '/x?TOKEN=[redacted]&token=[redacted]&%74oken=[redacted]#frag',
    );
    expect(redactUrl('/x?tokens=keep&mytoken=keep')).toBe('/x?tokens=keep&mytoken=keep');
    expect(redactUrl('/x?token')).toBe('/x?token=[redacted]');
    expect(redactUrl('/plain/path')).toBe('/plain/path');
    expect(redactUrl('/x?%E0%A4%A=1&token=s')).toBe('/x?%E0%A4%A=1&token=[redacted]');
  });
});

describe('the request log', () => {
  it('holds no session token from a query string', async () => {
    const secrets = ['wsSecretToken123', 'studioSecretToken456', 'upperSecretToken789'];
    await app.inject({ method: 'GET', url: `/ws?token=${secrets[0]}` });
    await app.inject({ method: 'GET', url: `/studio/play?gameCode=SLOT-1&token=${secrets[1]}` });
    await app.inject({ method: 'GET', url: `/wps/member/info?TOKEN=${secrets[2]}` });
    const log = lines.join('');
    // The requests were logged, with their paths.
    expect(log).toContain('/ws?token=[redacted]');
    expect(log).toContain('/studio/play?gameCode=SLOT-1&token=[redacted]');
    expect(log).toContain('/wps/member/info?TOKEN=[redacted]');
    for (const secret of secrets) expect(log).not.toContain(secret);
  });
});
