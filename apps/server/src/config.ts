import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';

/** Where scripts/builds.mjs writes the start images: beside the server's bundle. */
export const BUILD_START_IMAGES = fileURLToPath(new URL('../dist/start-images', import.meta.url));

// The one place that reads process.env. Everything else receives a typed Config.
const bool = z
  .enum(['1', '0', 'true', 'false', 'yes', 'no', 'on', 'off', ''])
  .transform((v) => ['1', 'true', 'yes', 'on'].includes(v));

const EnvSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('127.0.0.1'),
  DATABASE_URL: z.string().url().optional(),
  // A connection to PostgreSQL itself when DATABASE_URL goes through a pooler in transaction mode
  // (docs/scaling.md): LISTEN, the scheduler's session locks and migrations need a session.
  DATABASE_DIRECT_URL: z.string().url().optional(),
  // A streaming replica for the reads that tolerate a few seconds of lag (docs/scaling.md "Read replica").
  DATABASE_READ_URL: z.string().url().optional(),
  DATA_DIR: z.string().default('./data'),
  // The build's database images (scripts/builds.mjs writes them beside the bundle); '' makes a new
  // embedded database with initdb and every migration instead.
  START_IMAGES: z.string().optional(),
  DEMO: bool.optional(),
  PUBLIC_URL: z.string().url().optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  // The share of successful requests written to the access log (http/access-log.ts); errors always are.
  ACCESS_LOG_SAMPLE: z.coerce.number().min(0).max(1).default(0.01),
  TRUST_PROXY: z.string().optional(),
  METRICS_TOKEN: z.string().min(16).optional(),
  DRAIN_SECONDS: z.coerce.number().int().min(0).max(60).default(0),
  // OpenTelemetry's own variables (the exporter reads the rest of them, headers and timeouts, itself).
  OTEL_EXPORTER_OTLP_ENDPOINT: z.string().url().optional(),
  OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: z.string().url().optional(),
  OTEL_SERVICE_NAME: z.string().min(1).default('gamehall'),
  OTEL_SDK_DISABLED: bool.optional(),
  SESSION_SECRET: z.string().min(32).optional(),
  STUDIO_SECRET: z.string().min(32).optional(),
  // The sportsbook whose trader API the back office's trader console calls; unset: the house studio
  // mounted in this process, on its loopback address.
  SPORTSBOOK_URL: z.string().url().optional(),
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().default('Gamehall <no-reply@gamehall.local>'),
  SMS_HTTP_URL: z.string().url().optional(),
  SMS_HTTP_TOKEN: z.string().optional(),
  CATALOGUE_SLOTS: z.coerce.number().int().min(0).max(200_000).default(10_400),
  DB_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(10),
  // The embedded databases' buffer pool each (PostgreSQL's shared_buffers); see docs/operations.md.
  PGLITE_SHARED_BUFFERS: z
    .string()
    .regex(/^[1-9][0-9]*(kB|MB|GB)$/, 'a size such as 32MB')
    .default('32MB'),
  // Hot reads as named statements on PostgreSQL (db/prepared.ts); off behind a pooler that loses them.
  DB_NAMED_STATEMENTS: bool.optional(),
  // Processes serving requests (cluster.ts): one per core by default on PostgreSQL; PGlite is one.
  WORKERS: z.union([z.literal('auto'), z.coerce.number().int().min(1).max(64)]).default('auto'),
  DB_READ_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(10),
  DB_IDLE_IN_TRANSACTION_TIMEOUT_MS: z.coerce.number().int().min(0).max(3_600_000).default(60_000),
  LOGIN_LIMIT_PER_IP: z.coerce.number().int().min(1).max(100_000).default(40),
  REGISTRATION_LIMIT_PER_IP: z.coerce.number().int().min(1).max(100_000).default(10),
  // Open sockets a node accepts per signed-in member and per client address (realtime/socket-registry.ts).
  WS_MAX_PER_MEMBER: z.coerce.number().int().min(1).max(10_000).default(20),
  WS_MAX_PER_ADDRESS: z.coerce.number().int().min(1).max(100_000).default(100),
  KYC_STORAGE: z.enum(['database', 's3']).default('database'),
  KYC_S3_BUCKET: z.string().min(3).max(63).optional(),
  KYC_S3_REGION: z.string().min(1).default('us-east-1'),
  KYC_S3_ENDPOINT: z.string().url().optional(),
  KYC_S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  KYC_S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  KYC_S3_FORCE_PATH_STYLE: bool.optional(),
  KYC_S3_PREFIX: z.string().max(200).default('kyc/'),
});

export type Config = {
  port: number;
  host: string;
  databaseUrl: string | undefined;
  /** PostgreSQL without a pooler in between, for what needs a session; DATABASE_URL when not set. */
  databaseDirectUrl: string | undefined;
  /** A read-only replica for reports and back-office history (ctx.readDb); the primary when not set. */
  databaseReadUrl: string | undefined;
  dataDir: string;
  /**
   * The folder of the build's start images: a new embedded database (DATA_DIR/pglite, the studio's
   * DATA_DIR/studio) is unpacked from its image there instead of made by initdb and the migrations.
   */
  startImages: string | undefined;
  demo: boolean;
  publicUrl: string;
  logLevel: z.infer<typeof EnvSchema>['LOG_LEVEL'];
  /**
   * The share (0 to 1) of successful requests the access log keeps, each drawn at random; every
   * 5xx and every 4xx but 429 is logged whatever the share (http/access-log.ts).
   */
  accessLogSample: number;
  trustProxy: boolean | string;
  /**
   * The bearer token a scraper from outside the node presents for GET /metrics; loopback addresses
   * need none (http/metrics.ts). Unset: only loopback may scrape.
   */
  metricsToken: string | undefined;
  /**
   * On SIGTERM, how long the node keeps serving with /readyz at 503 before it stops taking
   * connections, so a load balancer takes it out of rotation first (docs/operations.md "Shutdown").
   */
  drainSeconds: number;
  /**
   * Traces by OTLP (http/tracing.ts): on when OTEL_EXPORTER_OTLP_ENDPOINT or its traces-only form is
   * set (the exporter reads the address itself), with the spans' service name. Unset, or with
   * OTEL_SDK_DISABLED: no tracing, and OpenTelemetry's SDK is not even loaded.
   */
  tracing: { serviceName: string } | undefined;
  sessionSecret: string;
  /**
   * The house studio secret: every vendor's API secret is hex(HMAC-SHA256(studioSecret, 'vendor:' +
   * code)) (seeded into vendor_integrations); the process mounting the studio hands it over.
   */
  studioSecret: string;
  /**
   * The base URL of the sportsbook's trader API (its paths /trader/... go under it). Unset: the
   * house studio mounted in this process, at this server's loopback address and /studio.
   */
  sportsbookUrl: string | undefined;
  smtpUrl: string | undefined;
  mailFrom: string;
  smsHttpUrl: string | undefined;
  smsHttpToken: string | undefined;
  catalogueSlots: number;
  dbPoolSize: number;
  /**
   * The buffer pool of each embedded database on disk. PostgreSQL zeroes it at every start, which
   * took 0.7-1.2 s for the default 128MB on two slow cores (docs/benchmarks.md); a page outside it is
   * read from the operating system's cache.
   */
  pgliteSharedBuffers: string;
  /**
   * The hot reads of db/prepared.ts go as named statements on PostgreSQL (parsed once per pooled
   * connection). Turn off behind a transaction-mode pooler that does not keep prepared statements
   * (PgBouncer before 1.21, or with max_prepared_statements = 0). Off by default when
   * DATABASE_DIRECT_URL is set, the sign of such a pooler.
   */
  dbNamedStatements: boolean;
  /**
   * Processes serving requests on the one port (cluster.ts), beside one process for the scheduled
   * jobs and the activity consumers when more than one. PGlite is an embedded database inside one
   * process, so it is always 1 there.
   */
  workers: number;
  /** Connections of the read pool on DATABASE_READ_URL, per server process. */
  dbReadPoolSize: number;
  /**
   * PostgreSQL ends a session of ours that sits this long inside a transaction doing nothing (0:
   * never). A writing transaction left open holds back every activity consumer (they read only
   * below the oldest running transaction), so a hung request must not hold it forever.
   */
  dbIdleInTransactionTimeoutMs: number;
  /**
   * Login attempts one client address may make in 5 minutes. Raise it where many players share an
   * address (an internet café, a carrier-grade NAT); failed logins have their own stricter counters.
   */
  loginLimitPerIp: number;
  /** New accounts one client address may open in an hour (registration attempts: three times that). */
  registrationLimitPerIp: number;
  /** Open sockets (/ws, /ws/chat, /ws/operator) a node accepts per member; more close with 4029. */
  wsMaxPerMember: number;
  /** Open sockets a node accepts per client address (request.ip, so TRUST_PROXY applies). */
  wsMaxPerAddress: number;
  /** Where uploaded KYC documents are kept (docs/kyc.md "Storage"): database blobs, or an S3-compatible store. */
  kycStorage: KycStorageConfig;
};

export type KycStorageConfig =
  | { kind: 'database' }
  | {
      kind: 's3';
      bucket: string;
      region: string;
      /** An S3-compatible service's URL (MinIO, Ceph, R2...); unset: AWS. */
      endpoint: string | undefined;
      /** Unset: the SDK's default credential chain (environment, instance role). */
      accessKeyId: string | undefined;
      secretAccessKey: string | undefined;
      forcePathStyle: boolean;
      prefix: string;
    };

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = EnvSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');
    throw new Error(`Invalid configuration: ${problems}`);
  }
  const e = parsed.data;
  const dataDir = path.resolve(e.DATA_DIR);
  return {
    port: e.PORT,
    host: e.HOST,
    databaseUrl: e.DATABASE_URL,
    databaseDirectUrl: e.DATABASE_URL ? e.DATABASE_DIRECT_URL : undefined,
    databaseReadUrl: e.DATABASE_URL ? e.DATABASE_READ_URL : undefined,
    dataDir,
    startImages: e.START_IMAGES === '' ? undefined : path.resolve(e.START_IMAGES ?? BUILD_START_IMAGES),
    // Demo content is on by default for the embedded database, off on PostgreSQL unless asked.
    demo: e.DEMO ?? !e.DATABASE_URL,
    publicUrl: e.PUBLIC_URL ?? `http://localhost:${e.PORT}`,
    logLevel: e.LOG_LEVEL,
    accessLogSample: e.ACCESS_LOG_SAMPLE,
    trustProxy: e.TRUST_PROXY === undefined ? false : e.TRUST_PROXY === 'true' ? true : e.TRUST_PROXY,
    metricsToken: e.METRICS_TOKEN,
    drainSeconds: e.DRAIN_SECONDS,
    tracing:
      (e.OTEL_EXPORTER_OTLP_ENDPOINT || e.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT) && !e.OTEL_SDK_DISABLED
        ? { serviceName: e.OTEL_SERVICE_NAME }
        : undefined,
    sessionSecret: e.SESSION_SECRET ?? persistedSecret(dataDir, 'session-secret'),
    studioSecret: e.STUDIO_SECRET ?? persistedSecret(dataDir, 'studio-secret'),
    sportsbookUrl: e.SPORTSBOOK_URL?.replace(/\/+$/, ''),
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    smsHttpUrl: e.SMS_HTTP_URL,
    smsHttpToken: e.SMS_HTTP_TOKEN,
    catalogueSlots: e.CATALOGUE_SLOTS,
    dbPoolSize: e.DB_POOL_SIZE,
    pgliteSharedBuffers: e.PGLITE_SHARED_BUFFERS,
    // A direct URL beside DATABASE_URL means a pooler in front (docs/scaling.md): unnamed unless asked.
    dbNamedStatements: e.DB_NAMED_STATEMENTS ?? !e.DATABASE_DIRECT_URL,
    workers: workersOf(e),
    dbReadPoolSize: e.DB_READ_POOL_SIZE,
    dbIdleInTransactionTimeoutMs: e.DB_IDLE_IN_TRANSACTION_TIMEOUT_MS,
    loginLimitPerIp: e.LOGIN_LIMIT_PER_IP,
    registrationLimitPerIp: e.REGISTRATION_LIMIT_PER_IP,
    wsMaxPerMember: e.WS_MAX_PER_MEMBER,
    wsMaxPerAddress: e.WS_MAX_PER_ADDRESS,
    kycStorage: kycStorageOf(e),
  };
}

function workersOf(e: z.infer<typeof EnvSchema>): number {
  if (!e.DATABASE_URL) {
    if (e.WORKERS !== 'auto' && e.WORKERS > 1) {
      throw new Error(
        'Invalid configuration: WORKERS: the embedded database (PGlite) runs in one process; set DATABASE_URL for more',
      );
    }
    return 1;
  }
  return e.WORKERS === 'auto' ? availableParallelism() : e.WORKERS;
}

function kycStorageOf(e: z.infer<typeof EnvSchema>): KycStorageConfig {
  if (e.KYC_STORAGE === 'database') return { kind: 'database' };
  if (!e.KYC_S3_BUCKET) throw new Error('Invalid configuration: KYC_S3_BUCKET is required with KYC_STORAGE=s3');
  if (Boolean(e.KYC_S3_ACCESS_KEY_ID) !== Boolean(e.KYC_S3_SECRET_ACCESS_KEY))
    throw new Error('Invalid configuration: KYC_S3_ACCESS_KEY_ID and KYC_S3_SECRET_ACCESS_KEY go together');
  return {
    kind: 's3',
    bucket: e.KYC_S3_BUCKET,
    region: e.KYC_S3_REGION,
    endpoint: e.KYC_S3_ENDPOINT,
    accessKeyId: e.KYC_S3_ACCESS_KEY_ID,
    secretAccessKey: e.KYC_S3_SECRET_ACCESS_KEY,
    forcePathStyle: e.KYC_S3_FORCE_PATH_STYLE ?? Boolean(e.KYC_S3_ENDPOINT),
    prefix: e.KYC_S3_PREFIX,
  };
}

// A secret that is not given is generated once and kept in DATA_DIR, so restarts keep it.
function persistedSecret(dataDir: string, name: string): string {
  const file = path.join(dataDir, 'secrets', name);
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
  const secret = randomBytes(32).toString('hex');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

/** A config for tests: in-memory database, quiet logs, small catalogue. */
export function testConfig(overrides: Partial<Config> = {}): Config {
  return {
    port: 0,
    host: '127.0.0.1',
    databaseUrl: undefined,
    databaseDirectUrl: undefined,
    databaseReadUrl: undefined,
    dataDir: '',
    startImages: undefined,
    demo: true,
    publicUrl: 'http://localhost:3000',
    logLevel: 'silent',
    // A test that turns the log on sees every request, as an operator with ACCESS_LOG_SAMPLE=1 would.
    accessLogSample: 1,
    trustProxy: false,
    metricsToken: undefined,
    drainSeconds: 0,
    tracing: undefined,
    sessionSecret: 'test-secret-test-secret-test-secret-0000',
    studioSecret: 'test-studio-secret-test-studio-secret-00',
    sportsbookUrl: undefined,
    smtpUrl: undefined,
    mailFrom: 'Gamehall <no-reply@gamehall.local>',
    smsHttpUrl: undefined,
    smsHttpToken: undefined,
    catalogueSlots: 120,
    dbPoolSize: 5,
    pgliteSharedBuffers: '32MB',
    dbNamedStatements: true,
    workers: 1,
    dbReadPoolSize: 3,
    dbIdleInTransactionTimeoutMs: 60_000,
    loginLimitPerIp: 40,
    registrationLimitPerIp: 10,
    wsMaxPerMember: 20,
    wsMaxPerAddress: 100,
    kycStorage: { kind: 'database' },
    ...overrides,
  };
}
