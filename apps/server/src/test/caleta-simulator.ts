import { generateKeyPairSync, type KeyObject, randomBytes, sign, verify } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { type JsonAnswer, SimulatedProvider } from './json-server';

// A local Caleta-protocol provider for the tests, speaking the real protocol over HTTP both ways: its
// Games API (/api/game/url, /api/game/list, /api/game/round) checks the operator's signatures with
// the public key the operator sent it, and its games call the operator's Wallet API signed with the
// provider's own key, as a player's rounds would: the token swap, balance, bets, wins, a bet whose
// answer is lost and sent again, and rollbacks. It keeps what it was asked, for the tests to read.

export type SimulatedGame = {
  game_id: number;
  game_code: string;
  name: string;
  category: string;
  enabled: boolean;
  url_thumb?: string;
  rtp?: number;
};

type Launched = { id: string; body: Record<string, unknown>; token: string | null; user: string | null };

export type WalletAnswer = { status: string; request_uuid?: string; balance?: number; user?: string; token?: string };

export class CaletaSimulator extends SimulatedProvider {
  readonly providerKey: KeyObject;
  /** The provider's public key, which the operator pastes into the integration. */
  readonly providerPublicKey: string;
  /** The operator's public key as the operator sent it; until then every Games API call is refused. */
  operatorPublicKey: string | null = null;
  /** The catalogue /api/game/list answers. */
  games: SimulatedGame[] = [];
  /** Entries /api/game/list answers after the games that are not games (a provider's slip). */
  junk: unknown[] = [];
  /** Every Games API call, in order: its path and its body (signature refused ones too). */
  readonly calls: { path: string; body: unknown; signed: boolean }[] = [];
  readonly launches = new Map<string, Launched>();
  /** Answer every Games API call with this HTTP status instead (a provider that is down). */
  failWith: number | null = null;

  private constructor(
    /** The operator's Wallet API for this integration: https://<site>/providers/caleta/<vendor>. */
    readonly walletUrl: string,
  ) {
    super();
    const pair = generateKeyPairSync('rsa', { modulusLength: 2048 });
    this.providerKey = pair.privateKey;
    this.providerPublicKey = pair.publicKey.export({ type: 'spki', format: 'pem' }).toString();
  }

  static async start(walletUrl: string): Promise<CaletaSimulator> {
    const simulator = new CaletaSimulator(walletUrl);
    await simulator.listen();
    return simulator;
  }

  protected async answer(request: IncomingMessage, raw: Buffer): Promise<JsonAnswer> {
    const signature = request.headers['x-auth-signature'];
    const signed =
      this.operatorPublicKey !== null &&
      typeof signature === 'string' &&
      verify('sha256', raw, this.operatorPublicKey, Buffer.from(signature, 'base64'));
    let body: Record<string, unknown> = {};
    try {
      body = JSON.parse(raw.toString('utf8'));
    } catch {}
    const path = request.url ?? '';
    this.calls.push({ path, body, signed });
    if (this.failWith !== null) return { status: this.failWith, body: { error: 'unavailable' } };
    if (!signed) return { status: 401, body: { error: 'Invalid signature' } };
    if (path === '/api/game/list') return { status: 200, body: [...this.games, ...this.junk] };
    if (path === '/api/game/round')
      return { status: 200, body: { url: `${this.url}/round/${String(body.round)}/${String(body.user)}` } };
    if (path !== '/api/game/url') return { status: 404, body: { error: 'Not found' } };
    if (!this.games.some((g) => g.game_code === body.game_code && g.enabled))
      return { status: 404, body: { error: 'The game does not exist' } };
    const id = randomBytes(6).toString('hex');
    const token = typeof body.token === 'string' ? body.token : null;
    this.launches.set(id, { id, body, token, user: typeof body.user === 'string' ? body.user : null });
    return { status: 200, body: { url: `${this.url}/games/${id}` } };
  }

  /** The launch a game address names (what the player's browser would open). */
  launchOf(url: string): Launched {
    const id = url.slice(url.lastIndexOf('/') + 1);
    const launched = this.launches.get(id);
    if (!launched) throw new Error(`no launch at ${url}`);
    return launched;
  }

  /** A wallet call as the provider makes it: the raw body signed with its key. */
  async wallet(path: string, body: object): Promise<{ http: number; body: WalletAnswer }> {
    const raw = JSON.stringify(body);
    const res = await fetch(`${this.walletUrl}/wallet/${path}`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'x-auth-signature': sign('sha256', Buffer.from(raw), this.providerKey).toString('base64'),
      },
      body: raw,
    });
    return { http: res.status, body: (await res.json()) as WalletAnswer };
  }

  /**
   * A game opened from `url`: the launch token swapped for the provider's own (/wallet/check), then
   * rounds on it in the guide's units (1/100,000 of the currency).
   */
  async open(url: string) {
    const launched = this.launchOf(url);
    if (!launched.token) throw new Error('a demo launch never calls the wallet');
    const swapped = await this.wallet('check', { token: launched.token });
    const token = swapped.body.token;
    if (!token) throw new Error(`check refused: ${JSON.stringify(swapped.body)}`);
    const gameCode = String(launched.body.game_code);
    const currency = String(launched.body.currency);
    const request = () => randomBytes(8).toString('hex');
    const money = (round: string, tx: string, amount: number) => ({
      token,
      request_uuid: request(),
      transaction_uuid: tx,
      round,
      round_closed: false,
      is_free: false,
      game_code: gameCode,
      currency,
      amount,
    });
    return {
      launchToken: launched.token,
      balance: () => this.wallet('balance', { token, request_uuid: request(), game_code: gameCode }),
      bet: (round: string, tx: string, amount: number) => this.wallet('bet', money(round, tx, amount)),
      win: (round: string, betTx: string, tx: string, amount: number) =>
        this.wallet('win', { ...money(round, tx, amount), reference_transaction_uuid: betTx, round_closed: true }),
      rollback: (round: string, betTx: string, tx: string) =>
        this.wallet('rollback', {
          token,
          request_uuid: request(),
          transaction_uuid: tx,
          round,
          round_closed: true,
          reference_transaction_uuid: betTx,
          game_code: gameCode,
        }),
      /** A bet whose first answer never reached the provider: it sends the same bet again. */
      betAnswerLost: async (round: string, tx: string, amount: number) => {
        const body = money(round, tx, amount);
        await this.wallet('bet', body);
        return this.wallet('bet', { ...body, request_uuid: request() });
      },
    };
  }
}
