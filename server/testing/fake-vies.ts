import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';

// A stand-in for the European Commission's VIES REST service on 127.0.0.1, answering
// POST /check-vat-number in its wire format. Numbers in `valid` are valid; `unavailable` answers
// as a member state's service that is down (actionSucceed: false); `dropped` closes the
// connection without an answer; anything else is invalid.

export interface FakeVies {
  url: string;
  requests: { countryCode: string; vatNumber: string }[];
  close(): Promise<void>;
}

function readBody(request: IncomingMessage): Promise<string> {
  return new Promise((resolve) => {
    let body = '';
    request.on('data', (chunk) => {
      body += chunk;
    });
    request.on('end', () => resolve(body));
  });
}

export async function startFakeVies(numbers: {
  valid: Record<string, string>;
  unavailable: string[];
  dropped: string[];
}): Promise<FakeVies> {
  const requests: FakeVies['requests'] = [];
  const server = createServer(async (request, response) => {
    const body = JSON.parse((await readBody(request)) || '{}') as { countryCode: string; vatNumber: string };
    requests.push(body);
    const full = `${body.countryCode}${body.vatNumber}`;
    if (request.method !== 'POST' || request.url !== '/check-vat-number') {
      response.writeHead(404).end();
      return;
    }
    if (numbers.dropped.includes(full)) {
      request.socket.destroy();
      return;
    }
    const send = (status: number, payload: unknown) => {
      response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(payload));
    };
    if (numbers.unavailable.includes(full)) {
      send(200, { actionSucceed: false, errorWrappers: [{ error: 'MS_UNAVAILABLE' }] });
      return;
    }
    const name = numbers.valid[full];
    send(200, {
      countryCode: body.countryCode,
      vatNumber: body.vatNumber,
      requestDate: new Date().toISOString(),
      valid: name !== undefined,
      requestIdentifier: name ? `WAPIAAAA${requests.length}` : '',
      name: name ?? '---',
      address: name ? 'Musterstrasse 1, 10115 Berlin' : '---',
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
