import { randomBytes } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { type JsonAnswer, SimulatedProvider } from './json-server';

// A local Evolution for the tests, speaking its protocols over HTTP both ways: its User
// Authentication API (/ua/v1/<casino key>/<API token>) checks the operator's credentials, keeps the
// player and session it was given and answers an entry address; and a launched table then calls the
// operator's One Wallet (check, balance, debit, credit, cancel) with the authToken, as a player's
// bets at the table would, including a debit whose answer is lost and sent again.

type Launch = {
  id: string;
  body: { player: { id: string; session: { id: string; ip: string } } } & Record<string, unknown>;
};

export type EvolutionAnswer = { status: string; balance?: number; bonus?: number; sid?: string; uuid?: string };

export class EvolutionSimulator extends SimulatedProvider {
  readonly casinoKey = 'gamehallcasino01';
  readonly apiToken = randomBytes(16).toString('hex');
  /** Every launch asked of the UA API, by entry id. */
  readonly launches = new Map<string, Launch>();
  /** Answer every UA call with this HTTP status instead (Evolution down). */
  failWith: number | null = null;

  private constructor(
    /** The operator's One Wallet for the integration: https://<site>/providers/evolution/<vendor>. */
    readonly walletUrl: string,
    /** The integration's authToken, which every wallet call carries. */
    readonly authToken: string,
  ) {
    super();
  }

  static async start(walletUrl: string, authToken: string): Promise<EvolutionSimulator> {
    const simulator = new EvolutionSimulator(walletUrl, authToken);
    await simulator.listen();
    return simulator;
  }

  protected async answer(request: IncomingMessage, raw: Buffer): Promise<JsonAnswer> {
    if (this.failWith !== null) return { status: this.failWith, body: { errors: [{ code: 'G.0' }] } };
    const path = new URL(request.url ?? '/', 'http://evolution').pathname;
    if (path !== `/ua/v1/${this.casinoKey}/${this.apiToken}`)
      return { status: 401, body: { errors: [{ code: 'G.2' }] } };
    const body = JSON.parse(raw.toString('utf8')) as Launch['body'];
    const id = randomBytes(6).toString('hex');
    this.launches.set(id, { id, body });
    return { status: 200, body: { entry: `/entry?params=${id}`, entryEmbedded: `/entry?params=${id}&embedded` } };
  }

  /** The table a launch opened (by its entry address), playing as Evolution's servers do. */
  table(entry: string) {
    const id = new URL(entry).searchParams.get('params') ?? '';
    const launch = this.launches.get(id);
    if (!launch) throw new Error(`no launch ${id}`);
    const userId = launch.body.player.id;
    let sid = launch.body.player.session.id;
    const tableId = (launch.body.config as { game: { table: { id: string } } }).game.table.id;
    const call = async (method: string, body: object): Promise<EvolutionAnswer> => {
      const res = await fetch(`${this.walletUrl}/${method}?authToken=${encodeURIComponent(this.authToken)}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ sid, userId, uuid: randomBytes(8).toString('hex'), ...body }),
      });
      return (await res.json()) as EvolutionAnswer;
    };
    const money = (round: string, refId: string, amount: number, txId = randomBytes(6).toString('hex')) => ({
      currency: launch.body.player && (launch.body.player as { currency?: string }).currency,
      game: { id: round, type: 'roulette', details: { table: { id: tableId, vid: null } } },
      transaction: { id: txId, refId, amount },
    });
    return {
      launch,
      sid: () => sid,
      /** The first call of a table: the launch sid is swapped for the one used from then on. */
      check: async () => {
        const answer = await call('check', { channel: { type: 'P' } });
        if (answer.sid) sid = answer.sid;
        return answer;
      },
      balance: () => call('balance', { currency: money('', '', 0).currency, game: null }),
      debit: (round: string, refId: string, amount: number, txId?: string) =>
        call('debit', money(round, refId, amount, txId)),
      credit: (round: string, refId: string, amount: number) => call('credit', money(round, refId, amount)),
      cancel: (round: string, refId: string, amount: number, txId: string) =>
        call('cancel', money(round, refId, amount, txId)),
    };
  }
}
