import { createServer } from 'node:http';
import { describe, expect, it } from 'vitest';
import { freePort } from '../test/server-process';
import { answerWhileStarting } from './starting';

// What a node answers while it migrates (http/starting.ts), on a real port, and that it lets the
// port go for the app.

describe('a node that is still migrating', () => {
  it('answers /readyz 503 migrating, /healthz and every other request 503, then frees its port', async () => {
    const port = await freePort();
    const starting = await answerWhileStarting(port, '127.0.0.1');
    if (!starting) throw new Error('the port was free');
    const base = `http://127.0.0.1:${port}`;
    try {
      const ready = await fetch(`${base}/readyz`);
      expect([ready.status, await ready.json()]).toEqual([503, { status: 'unavailable', down: ['migrating'] }]);
      expect((await fetch(`${base}/healthz`)).status).toBe(503);
      const page = await fetch(`${base}/wps/member/info?x=1`, { method: 'POST', body: '{}' });
      expect(page.status).toBe(503);
      expect(page.headers.get('retry-after')).toBe('5');
      expect(await page.json()).toMatchObject({ success: false, code: 'DATABASE_UNAVAILABLE' });
    } finally {
      await starting.close();
    }
    // The app listens on the same port right after.
    const app = createServer((_req, res) => res.end('app'));
    await new Promise<void>((resolve) => app.listen(port, '127.0.0.1', resolve));
    try {
      expect(await (await fetch(`${base}/readyz`)).text()).toBe('app');
    } finally {
      await new Promise((resolve) => app.close(resolve));
    }
  });

  it('holds nothing when the port is taken or chosen at listen', async () => {
    const port = await freePort();
    const other = createServer();
    await new Promise<void>((resolve) => other.listen(port, '127.0.0.1', resolve));
    try {
      expect(await answerWhileStarting(port, '127.0.0.1')).toBeUndefined();
    } finally {
      await new Promise((resolve) => other.close(resolve));
    }
    expect(await answerWhileStarting(0, '127.0.0.1')).toBeUndefined();
  });
});
