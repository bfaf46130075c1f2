import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

// A local HTTP server on 127.0.0.1 for source tests: each test sets `handler` to answer in
// the real service's wire format; every request is recorded.

export type FakeHandler = (req: IncomingMessage, res: ServerResponse, body: string) => void;

export interface FakeHttp {
  base: string;
  seen: { method: string; url: string; headers: IncomingMessage['headers']; body: string }[];
  handler: FakeHandler;
  close(): Promise<void>;
}

export async function startFakeHttp(): Promise<FakeHttp> {
  const fake: FakeHttp = {
    base: '',
    seen: [],
    handler: (_req, res) => res.writeHead(500).end(),
    close: async () => {},
  };
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk) => {
      body += chunk;
    });
    req.on('end', () => {
      fake.seen.push({ method: req.method ?? 'GET', url: req.url ?? '', headers: req.headers, body });
      fake.handler(req, res, body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  fake.base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  fake.close = () => new Promise<void>((resolve) => server.close(() => resolve()));
  return fake;
}

export const sendJson = (
  res: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
) => res.writeHead(status, { 'content-type': 'application/json', ...headers }).end(JSON.stringify(body));
