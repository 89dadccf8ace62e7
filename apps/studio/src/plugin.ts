import { type ContentCoding, negotiateCoding } from '@gamehall/shared/content-coding';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { SessionInfo } from './api-types';
import { cardroomMigrations } from './cardroom/cardroom.migrations';
import { isTongitsTable, registerCardRoomRoutes, startCardRooms } from './cardroom/cardroom.plugin';
import type { LobbyTiming } from './cardroom/room/lobby';
import { registerPvpOperatorRoutes } from './cardroom/room/operator-routes';
import type { PvpRoom, PvpTiming } from './cardroom/room/room';
import type { TongitsRoom } from './cardroom/room/tongits-room';
import { casinoMigrations } from './casino/casino.migrations';
import { registerCasinoRoutes } from './casino/casino.routes';
import { CrashGame, type CrashTiming } from './casino/crash';
import { instantEngineFor } from './casino/engine-registry';
import { openRoundOf } from './casino/rounds';
import { TableHall, type TableTiming } from './casino/tables';
import { type Asset, clientAsset } from './kit/client-bundle';
import {
  openStudioDatabase,
  STUDIO_IMAGE,
  type StartImageSource,
  type StudioDb,
  studioStartImage,
} from './kit/db/database';
import type { StudioMigrations } from './kit/db/migrations';
import type { RoundDeps } from './kit/deps';
import { errorWords } from './kit/error-words';
import { internalErrorBody, plainErrorBody, StudioError, studioErrorBody } from './kit/errors';
import { currentSeed } from './kit/fair/player-seeds';
import { cardRoomPresetOf, engineKindOf, sportsbookCategoryOf } from './kit/game-map';
import { registerSessionEndRoute, watchSessionEnds } from './kit/session-ends';
import { LaunchQuery, openSession, type StudioSession, sessionOf, trialBalance } from './kit/sessions';
import { WalletClient } from './kit/wallet-client';
import { measureOwedWork } from './metrics';
import { cardRoomPage, errorPage, fairPage, playPage, sportsbookPage } from './pages';
import { type RecoveryPass, recoverAll, startRecoveryLoop } from './recovery';
import type { Book, BookOptions } from './sportsbook/book/book';
import { registerSportsbookRoutes } from './sportsbook/book/sportsbook.routes';
import { registerTraderRoutes } from './sportsbook/book/trader.routes';
import { sportsbookMigrations } from './sportsbook/sportsbook.migrations';
import { startSportsbook } from './sportsbook/sportsbook.plugin';
import { pingDatabase } from './studio.queries';
import { PvpVerifyBody, VerifyBody, verifyPvpDeal, verifyRound } from './verify';

// The house studio as a Fastify plugin. Registered with prefix '/studio' by the platform's main (one
// process, one port) or by the studio's own main.ts (its own process); either way it reaches the
// platform only through the signed vendor wallet API over HTTP.

function codingsOf(encoded: Asset['encoded']): ContentCoding[] {
  return (Object.keys(encoded) as ContentCoding[]).filter((coding) => encoded[coding] !== undefined);
}

export type StudioOptions = {
  /** Base URL of the platform's vendor wallet API; a function when it is known only after listen. */
  platformUrl: string | (() => string);
  /** The house secret every vendor secret derives from (the platform's studioSecret). */
  houseSecret: string;
  /** PostgreSQL for the studio_ tables; else PGlite under `<dataDir>/studio`; dataDir '' = in memory. */
  databaseUrl?: string | undefined;
  dataDir: string;
  /** The build's start images (the platform's): a new embedded database is unpacked from its image. */
  startImage?: StartImageSource | undefined;
  /** The embedded database's buffer pool (the platform's PGLITE_SHARED_BUFFERS). */
  sharedBuffers?: string | undefined;
  /** Currency of trial (demo) sessions, which never ask the platform. */
  trialCurrency?: string;
  /** Free-spin rounds idle this long are completed by the sweep (default 1 hour, always within 24 hours). */
  abandonAfterMs?: number;
  /** How often the retry loop looks for work (default 2 s). 0 turns the loop off (tests drive it). */
  retryIntervalMs?: number;
  walletTimeoutMs?: number;
  fetch?: typeof fetch;
  now?: () => Date;
  /** Crash round timing (tests: short phases and tickMs 0, then drive `crash.tick()` with a controlled clock). */
  crash?: Partial<CrashTiming>;
  /** Live table timing (tests: short phases and tickMs 0, then drive `tables.tick()`). */
  tables?: Partial<TableTiming>;
  /** The sportsbook: its feed sources and loop timing (tests: tickMs 0, then drive `book.tick()`). */
  sportsbook?: BookOptions;
  /**
   * Feed the sportsbook from its simulator (docs/sportsbook.md "Feed"), once per database under a
   * lease, and from the data providers the environment connects (feed-env.ts), when no sources are
   * given: on for the servers' studio, off by default so that tests that do not bet on sports do
   * not schedule a week of fixtures (and a second studio in the process, the demo's, reads no feed).
   */
  simulator?: boolean;
  /** The card room's clock (tests: tickMs 0, then drive `pvp.tick()`). */
  pvp?: Partial<PvpTiming>;
  /** The card room lobby's waiting-list offers and figures window (docs/pvp.md "The lobby"). */
  pvpLobby?: Partial<LobbyTiming>;
  /** Open the card room's demo tables (docs/pvp.md); by default where the sportsbook simulator runs. */
  pvpDemoTables?: boolean;
  /** Hands the running services to the caller (tests, or a host that wants to drive recovery). */
  onStart?: (runtime: StudioRuntime) => void;
};

export type StudioRuntime = {
  db: StudioDb;
  deps: RoundDeps;
  recover: () => Promise<RecoveryPass>;
  crash: CrashGame;
  tables: TableHall;
  book: Book;
  pvp: PvpRoom;
  /** The Tongits tables (the same timing options as `pvp`). */
  tongits: TongitsRoom;
};

// Routes declare who may call them for the platform's auth hook (which requires it when mounted):
// all studio routes are 'public' there, as the studio authenticates game calls itself by the game token.
const PUBLIC = { auth: 'public' } as const;

const TOKEN_HEADER = 'x-game-token';
/**
 * The page's launch language, sent by the game pages with every call (client/ui.ts request): the
 * language of refusals that come before the session is known (no token, an expired one).
 */
const LANGUAGE_HEADER = 'x-game-lang';

function parse<T>(schema: z.ZodType<T>, input: unknown): T {
  const result = schema.safeParse(input ?? {});
  if (!result.success) {
    const fields = result.error.issues.map((i) => i.path.join('.') || '(body)');
    throw new StudioError('STUDIO_BAD_REQUEST', { fields }, (w) => w.invalidFields([...new Set(fields)]));
  }
  return result.data;
}

/** The products' migrations, which the kit applies with its own when the studio opens its database. */
export const studioMigrations: readonly StudioMigrations[] = [
  casinoMigrations,
  sportsbookMigrations,
  cardroomMigrations,
];

/** The studio's start image for a build's folder (the platform's start-images.ts writes it). */
export async function studioImage(): Promise<{ name: string; image: Uint8Array; migrations: string[] }> {
  return { name: STUDIO_IMAGE, ...(await studioStartImage(studioMigrations)) };
}

export async function studioPlugin(app: FastifyInstance, options: StudioOptions): Promise<void> {
  const database = await openStudioDatabase({
    databaseUrl: options.databaseUrl,
    dataDir: options.dataDir,
    startImage: options.startImage,
    sharedBuffers: options.sharedBuffers,
    migrations: studioMigrations,
  });
  const db = database.db;
  const wallet = new WalletClient({
    platformUrl: options.platformUrl,
    houseSecret: options.houseSecret,
    timeoutMs: options.walletTimeoutMs ?? 5000,
    ...(options.fetch ? { fetch: options.fetch } : {}),
  });
  const deps: RoundDeps = {
    db,
    wallet,
    now: options.now ?? (() => new Date()),
    log: { warn: (obj, msg) => app.log.warn(obj, msg) },
  };
  const trialCurrency = options.trialCurrency ?? 'PHP';
  const abandonAfterMs = options.abandonAfterMs ?? 60 * 60_000;
  const interval = options.retryIntervalMs ?? 2000;
  const loop = interval > 0 ? startRecoveryLoop(deps, { intervalMs: interval, abandonAfterMs }) : undefined;
  // One pass over every kind of owed work, the sportsbook's included.
  const recover = async () => {
    const pass = await (loop ? loop.runOnce() : recoverAll(deps, abandonAfterMs));
    await book.tick();
    return pass;
  };
  const crash = new CrashGame(deps, options.crash);
  crash.start();
  const tables = new TableHall(deps, options.tables ?? tablesTimingFromEnv());
  tables.start();
  const balanceOf = async (s: StudioSession): Promise<number | null> => {
    if (s.mode === 'trial') return trialBalance(db, s.id);
    const answer = await wallet.balance(s.vendor, { token: s.token, player: s.player });
    return answer.kind === 'ok' ? answer.balance : null;
  };
  const book = await startSportsbook(deps, balanceOf, {
    houseSecret: options.houseSecret,
    loop: interval > 0,
    simulator: options.simulator === true,
    sportsbook: options.sportsbook,
  });
  const demoTables = options.pvpDemoTables ?? options.simulator === true;
  const rooms = await startCardRooms(deps, { loop: interval > 0, demoTables, trialCurrency, timing: options.pvp });
  const { pvp, tongits } = rooms;
  const stopMeasuring = measureOwedWork(db, deps.now);
  options.onStart?.({ db, deps, recover, crash, tables, book, pvp, tongits });
  app.addHook('onClose', async () => {
    stopMeasuring();
    await tongits.stop();
    await pvp.stop();
    await book.stop();
    await tables.stop();
    await crash.stop();
    await loop?.stop();
    await database.close();
  });

  // The language a request's refusal is worded in: its session's launch language once the session is
  // known (the session row, not what the request says), else the page's header; the words are those of
  // one of the platform's languages (error-words.ts), so whatever a request sends is never echoed.
  const sessionLanguage = new WeakMap<FastifyRequest, string>();
  const languageOf = (request: FastifyRequest): string => {
    const known = sessionLanguage.get(request);
    if (known !== undefined) return known;
    const header = request.headers[LANGUAGE_HEADER];
    return (Array.isArray(header) ? header[0] : header) ?? 'EN';
  };
  app.setErrorHandler((error, request, reply) => {
    const language = languageOf(request);
    if (error instanceof StudioError) {
      return reply.status(error.status).send({ error: studioErrorBody(error, language) });
    }
    const status = (error as { statusCode?: number }).statusCode;
    if (status && status >= 400 && status < 500) {
      return reply.status(status).send({ error: plainErrorBody('STUDIO_BAD_REQUEST', language) });
    }
    request.log.error({ err: error }, 'studio: unexpected error');
    return reply.status(500).send({ error: internalErrorBody(language) });
  });
  app.setNotFoundHandler((request, reply) =>
    reply.status(404).send({ error: plainErrorBody('STUDIO_NOT_FOUND', languageOf(request)) }),
  );

  const tokenOf = (request: FastifyRequest): string => {
    const header = request.headers[TOKEN_HEADER];
    const token = Array.isArray(header) ? header[0] : header;
    if (!token) throw new StudioError('STUDIO_SESSION_REQUIRED');
    return token;
  };
  const knowLanguage = (request: FastifyRequest, language: string) => sessionLanguage.set(request, language);
  const session = async (request: FastifyRequest): Promise<{ session: StudioSession; token: string }> => {
    const token = tokenOf(request);
    const found = await sessionOf(db, token);
    knowLanguage(request, found.language);
    return { session: found, token };
  };
  const html = (reply: FastifyReply, status: number, body: string) =>
    reply
      .status(status)
      .header('content-type', 'text/html; charset=utf-8')
      .header('cache-control', 'no-store')
      // The page runs only its own script and styles; it may be framed by the platform's game page.
      .header(
        'content-security-policy',
        "default-src 'self'; img-src 'self' data:; style-src 'self' 'unsafe-inline'; connect-src 'self'",
      )
      .send(body);

  app.get('/healthz', { config: PUBLIC }, async () => ({ status: 'ok' }));
  // Mounted in the platform's process, its readiness (/readyz) covers this database too: a node whose
  // studio cannot reach its tables is taken out of rotation like one whose own database is down.
  const probes = (app as unknown as { readinessProbes?: unknown }).readinessProbes;
  if (Array.isArray(probes))
    (probes as { name: string; check: () => Promise<unknown> }[]).push({
      name: 'studio database',
      check: () => pingDatabase(db),
    });

  // ---- pages ----

  app.get('/play', { config: PUBLIC }, async (request, reply) => {
    const query = LaunchQuery.safeParse(request.query);
    if (!query.success) {
      // A link that fails its checks still says so in its language when that part of it is readable.
      const lang = (request.query as { lang?: unknown } | undefined)?.lang;
      return html(reply, 400, errorPage(errorWords(lang).launch.badLink, null, lang));
    }
    try {
      const s = await openSession({ db, wallet, trialCurrency }, query.data);
      const kind = engineKindOf({ vendor: s.vendor, gameCode: s.gameCode });
      const category = sportsbookCategoryOf(s.gameCode);
      if (kind === 'sportsbook' && category) {
        return html(
          reply,
          200,
          sportsbookPage({
            category,
            gameCode: s.gameCode,
            gameName: query.data.name || null,
            lobbyUrl: s.lobbyUrl,
            mode: s.mode,
            language: s.language,
            member: s.owner,
          }),
        );
      }
      // A Tongits table's address (&table=<id>) opens the Tongits page, which the play page's script
      // draws (client/play.ts); the card room's page is the lobby and the Hold'em tables.
      const tongitsTable =
        kind === 'cardroom' && (await isTongitsTable(db, (request.query as { table?: unknown }).table));
      if (kind === 'cardroom' && !tongitsTable) {
        return html(
          reply,
          200,
          cardRoomPage({
            gameCode: s.gameCode,
            gameName: query.data.name || null,
            lobbyUrl: s.lobbyUrl,
            mode: s.mode,
            language: s.language,
            member: s.owner,
            preset: cardRoomPresetOf({ vendor: s.vendor, gameCode: s.gameCode }) ?? {},
          }),
        );
      }
      return html(
        reply,
        200,
        playPage({
          kind: kind ?? 'slot',
          gameCode: s.gameCode,
          gameName: query.data.name || null,
          lobbyUrl: s.lobbyUrl,
          mode: s.mode,
          language: s.language,
          member: s.owner,
        }),
      );
    } catch (err) {
      if (err instanceof StudioError) {
        const language = query.data.lang;
        return html(reply, err.status, errorPage(err.messageIn(language), query.data.lobby ?? null, language));
      }
      throw err;
    }
  });

  app.get('/fair', { config: PUBLIC }, async (request, reply) =>
    html(reply, 200, fairPage((request.query as { lang?: unknown } | undefined)?.lang)),
  );

  app.get('/assets/:file', { config: PUBLIC }, async (request, reply) => {
    const { file } = parse(z.object({ file: z.string().max(40) }), request.params);
    const asset = await clientAsset(file);
    if (!asset) throw new StudioError('STUDIO_NOT_FOUND');
    // The copy the client accepts (br before gzip, q=0 refuses), made when the bundle was built.
    const coding = negotiateCoding(request.headers['accept-encoding'], codingsOf(asset.encoded));
    const body = (coding && asset.encoded[coding]) || asset.body;
    reply
      .header('content-type', asset.contentType)
      .header('cache-control', 'no-cache')
      .header('vary', 'accept-encoding')
      .header('content-length', body.length);
    if (coding) reply.header('content-encoding', coding);
    return reply.send(body);
  });

  // ---- game API (header X-Game-Token: the platform's game session token from the launch URL) ----

  app.get('/api/session', { config: PUBLIC }, async (request): Promise<SessionInfo> => {
    const { session: s } = await session(request);
    const found = instantEngineFor({ vendor: s.vendor, gameCode: s.gameCode });
    return {
      mode: s.mode,
      vendor: s.vendor,
      gameCode: s.gameCode,
      engine: engineKindOf({ vendor: s.vendor, gameCode: s.gameCode }) ?? null,
      declaredRtp: found?.engine.info.declaredRtp ?? null,
      game: found ? found.describe(deps.now()) : null,
      defaultBet: found ? found.defaultBet(deps.now()) : null,
      currency: s.currency,
      language: s.language,
      lobbyUrl: s.lobbyUrl,
      balance: await balanceOf(s),
      fairness: await currentSeed(db, s.owner),
      openRound: (await openRoundOf(db, s)) ?? null,
    };
  });

  registerCasinoRoutes(app, { crash, tables }, { deps, session, tokenOf, parse, balanceOf, knowLanguage });

  // ---- the sportsbook (SPORTS-000, ESPORTS-000, COCKFIGHT-000): /api/sb, /ws/sb, and the trader API ----

  registerSportsbookRoutes(app, book, { session, parse });

  // ---- the card rooms (Hold'em and Tongits tables, the lobby): /api/pvp and /ws/pvp (docs/pvp.md) ----

  registerCardRoomRoutes(app, rooms, { session, parse }, { lobby: options.pvpLobby, demo: demoTables });
  await registerTraderRoutes(app, book, {
    houseSecret: options.houseSecret,
    currency: trialCurrency,
    parse,
    pvpRake: (from, to, timeZone) => pvp.rakeReport(from, to, timeZone),
    signedRoutes: (trader) => {
      registerPvpOperatorRoutes(trader, db, parse);
      registerSessionEndRoute(trader, { db, now: deps.now, parse });
    },
  });
  watchSessionEnds(app, db);

  // ---- public verification ----

  app.post('/api/verify/pvp', { config: PUBLIC }, async (request) => verifyPvpDeal(parse(PvpVerifyBody, request.body)));
  app.post('/api/verify', { config: PUBLIC }, async (request) =>
    verifyRound(parse(VerifyBody, request.body), deps.now()),
  );
}

/**
 * Live table timing from the environment (STUDIO_TABLE_BETTING_MS, STUDIO_TABLE_DEAL_MS,
 * STUDIO_TABLE_RESULT_MS): a test server (the browser specs) can run short rounds without a config change.
 */
function tablesTimingFromEnv(): Partial<TableTiming> {
  const ms = (name: string) => {
    const v = Number(process.env[name]);
    return Number.isInteger(v) && v >= 500 && v <= 600_000 ? v : undefined;
  };
  const timing: Partial<TableTiming> = {};
  const betting = ms('STUDIO_TABLE_BETTING_MS');
  const deal = ms('STUDIO_TABLE_DEAL_MS');
  const result = ms('STUDIO_TABLE_RESULT_MS');
  if (betting) timing.bettingMs = betting;
  if (deal) timing.dealMs = deal;
  if (result) timing.resultMs = result;
  return timing;
}

/** The loopback URL of a listening server (how a mounted studio reaches its own platform). */
export function loopbackUrl(address: string | { address: string; port: number; family: string } | null): string {
  if (!address || typeof address === 'string') throw new Error('the platform is not listening yet');
  const wildcard = address.address === '0.0.0.0' || address.address === '::';
  const host = wildcard ? '127.0.0.1' : address.family === 'IPv6' ? `[${address.address}]` : address.address;
  return `http://${host}:${address.port}`;
}
