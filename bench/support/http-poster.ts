import { Agent, request } from 'node:http';

/**
 * A JSON POST to one server over a keep-alive pool of `sockets` connections, answering the status
 * and the body's text: node:http itself, so the load generator's own cost stays small and known.
 */
export function poster(address: string, sockets: number) {
  const agent = new Agent({ keepAlive: true, maxSockets: sockets });
  const url = new URL(address);
  return (path: string, raw: string, headers: Record<string, string>) =>
    new Promise<{ status: number; text: string }>((resolve, reject) => {
      const req = request(
        {
          agent,
          host: url.hostname,
          port: url.port,
          method: 'POST',
          path,
          headers: { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(raw)), ...headers },
        },
        (res) => {
          let text = '';
          res.setEncoding('utf8');
          res.on('data', (chunk: string) => {
            text += chunk;
          });
          res.on('end', () => resolve({ status: res.statusCode ?? 0, text }));
          res.on('error', reject);
        },
      );
      req.on('error', reject);
      req.end(raw);
    });
}
