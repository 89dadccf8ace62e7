import { describe, expect, it } from 'vitest';

describe('zod-jitless', () => {
  it('turns zod jitless through the configuration zod reads', async () => {
    await import('./zod-jitless');
    const { config } = await import('zod');
    expect(config().jitless).toBe(true);
  });
});
