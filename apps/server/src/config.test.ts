import { availableParallelism } from 'node:os';
import { describe, expect, it } from 'vitest';
import { loadConfig } from './config';

// WORKERS: how many request processes one node runs (cluster.ts).
describe('WORKERS', () => {
  const secrets = { SESSION_SECRET: 's'.repeat(32), STUDIO_SECRET: 't'.repeat(32) };
  const postgres = { ...secrets, DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/gamehall' };

  it('is one per core on PostgreSQL by default, or the number given', () => {
    expect(loadConfig(postgres).workers).toBe(availableParallelism());
    expect(loadConfig({ ...postgres, WORKERS: 'auto' }).workers).toBe(availableParallelism());
    expect(loadConfig({ ...postgres, WORKERS: '3' }).workers).toBe(3);
    expect(loadConfig({ ...postgres, WORKERS: '1' }).workers).toBe(1);
  });

  it('is one on the embedded database, which runs in one process', () => {
    expect(loadConfig(secrets).workers).toBe(1);
    expect(loadConfig({ ...secrets, WORKERS: 'auto' }).workers).toBe(1);
    expect(loadConfig({ ...secrets, WORKERS: '1' }).workers).toBe(1);
    expect(() => loadConfig({ ...secrets, WORKERS: '2' })).toThrow(/WORKERS: the embedded database \(PGlite\)/);
  });

  it('refuses what is not a count of processes', () => {
    for (const bad of ['0', '-1', '1.5', 'many', '65']) {
      expect(() => loadConfig({ ...postgres, WORKERS: bad }), bad).toThrow(/Invalid configuration: WORKERS/);
    }
  });
});
