import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';

export type JsonAnswer = { status: number; body: unknown };
export type JsonServer = { url: string; close: () => Promise<void> };

/**
 * A local HTTP server on loopback that answers JSON, as an outside provider's API does (the
 * provider simulators): `answer` gets each request with its raw body.
 */
export async function startJsonServer(
  answer: (request: IncomingMessage, raw: Buffer) => Promise<JsonAnswer>,
): Promise<JsonServer> {
  const server = createServer(async (request, response) => {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const { status, body } = await answer(request, Buffer.concat(chunks));
    response.writeHead(status, { 'content-type': 'application/json' });
    response.end(JSON.stringify(body));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/** A simulated provider: its API on a local JSON server, answered by `answer`. */
export abstract class SimulatedProvider {
  #http: JsonServer = { url: '', close: async () => {} };

  protected abstract answer(request: IncomingMessage, raw: Buffer): Promise<JsonAnswer>;

  protected async listen(): Promise<void> {
    this.#http = await startJsonServer((request, raw) => this.answer(request, raw));
  }

  /** The provider's base address, which the operator enters in the integration. */
  get url(): string {
    return this.#http.url;
  }

  close(): Promise<void> {
    return this.#http.close();
  }
}
