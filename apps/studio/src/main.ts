import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { serializeRequest } from '@gamehall/shared/redact-url';
import Fastify from 'fastify';
import { z } from 'zod';
import { studioPlugin } from './plugin';

// `npm run start:studio`: the house studio as its own process. It serves /studio/* and calls the
// platform's vendor wallet API at PLATFORM_URL, signing with secrets derived from STUDIO_SECRET (the
// same value the platform uses: its STUDIO_SECRET, or the file DATA_DIR/secrets/studio-secret it generated).
const Env = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3100),
  HOST: z.string().default('127.0.0.1'),
  PLATFORM_URL: z.string().url().default('http://127.0.0.1:3000'),
  STUDIO_SECRET: z.string().min(32).optional(),
  STUDIO_DATABASE_URL: z.string().url().optional(),
  DATA_DIR: z.string().default('./data'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
});

function houseSecret(secret: string | undefined, dataDir: string): string {
  if (secret) return secret;
  // Same file the platform generates when STUDIO_SECRET is not set, so one DATA_DIR serves both.
  const file = path.join(dataDir, 'secrets', 'studio-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
  const generated = randomBytes(32).toString('hex');
  writeFileSync(file, generated, { mode: 0o600 });
  return generated;
}

async function main() {
  const parsed = Env.safeParse(process.env);
  if (!parsed.success) {
    throw new Error(
      `Invalid configuration: ${parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`,
    );
  }
  const env = parsed.data;
  const dataDir = path.resolve(env.DATA_DIR);
  const app = Fastify({
    // Game pages are opened with the session token in the query: the log keeps it out.
    logger: env.LOG_LEVEL === 'silent' ? false : { level: env.LOG_LEVEL, serializers: { req: serializeRequest } },
    forceCloseConnections: 'idle',
  });
  await app.register(studioPlugin, {
    prefix: '/studio',
    platformUrl: env.PLATFORM_URL,
    houseSecret: houseSecret(env.STUDIO_SECRET, dataDir),
    databaseUrl: env.STUDIO_DATABASE_URL,
    dataDir,
    simulator: true,
  });
  await app.listen({ port: env.PORT, host: env.HOST });
  console.log(`Gamehall studio ready at http://${env.HOST}:${env.PORT}/studio (platform ${env.PLATFORM_URL})`);
  let closing = false;
  const shutdown = async () => {
    if (closing) return;
    closing = true;
    const timer = setTimeout(() => process.exit(1), 15_000);
    timer.unref();
    await app.close();
    process.exit(0);
  };
  process.on('SIGTERM', () => void shutdown());
  process.on('SIGINT', () => void shutdown());
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
