import { createServer, type IncomingMessage, type RequestListener } from 'node:http';
import type { AddressInfo } from 'node:net';

export type StandInServer = { origin: string; close: () => Promise<void> };

/**
 * Starts a real HTTP server in place of the API (and the identity server) and makes it the page's
 * origin, so the code under test runs over the wire, unmocked.
 */
export async function startStandInServer(handler: RequestListener): Promise<StandInServer> {
  const server = createServer(handler);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const origin = `http://127.0.0.1:${port}`;
  (window as unknown as { happyDOM: { setURL(url: string): void } }).happyDOM.setURL(`${origin}/`);
  return { origin, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

/** The body a request to the stand-in server carried, as text (empty when it had none). */
export function readBody(request: IncomingMessage): Promise<string> {
  return new Promise((resolve) => {
    let body = '';
    request.on('data', (chunk) => {
      body += chunk;
    });
    request.on('end', () => resolve(body));
  });
}
