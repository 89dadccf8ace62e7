import { describe, expect, it } from 'vitest';
import { SerialPasses } from './loop-timer';

describe('SerialPasses', () => {
  it('runs a pass asked for during another after it, reports a failure and still runs the next', async () => {
    const failures: unknown[] = [];
    const passes = new SerialPasses((err) => failures.push(err));
    const order: string[] = [];
    let release = () => {};
    const first = passes.run(async () => {
      order.push('first starts');
      await new Promise<void>((resolve) => {
        release = resolve;
      });
      order.push('first ends');
      return 1;
    });
    const second = passes.run(async () => {
      order.push('second');
      throw new Error('second failed');
    });
    const third = passes.run(async () => {
      order.push('third');
      return 3;
    });
    let settled = false;
    const done = passes.done().then(() => {
      settled = true;
    });
    await Promise.resolve();
    expect(order).toEqual(['first starts']);
    expect(settled).toBe(false);
    release();
    expect(await first).toBe(1);
    await expect(second).rejects.toThrow('second failed');
    expect(await third).toBe(3);
    await done;
    expect(settled).toBe(true);
    expect(order).toEqual(['first starts', 'first ends', 'second', 'third']);
    expect(failures).toHaveLength(1);
    expect((failures[0] as Error).message).toBe('second failed');
  });
});
