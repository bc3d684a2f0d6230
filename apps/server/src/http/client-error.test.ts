import { maxHeaderSize } from 'node:http';
import { type AddressInfo, connect } from 'node:net';
import { Status } from '@sapi/contract';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, loggedApp, type TestApp } from '../../test/harness.ts';
import { routerErrorHeaders } from './security-headers.ts';

/**
 * Requests Node's HTTP parser refuses never reach a route or `fastify.inject`, so these go over a real
 * socket: raw bytes in, the whole answer read until the server closes the connection.
 */
let t: TestApp;
let server: FastifyInstance;
let port: number;
let lines: string[];
const TOKEN = 'a-session-token-that-must-not-be-logged';

beforeAll(async () => {
  t = await createTestApp();
  ({ app: server, lines } = await loggedApp(t.ctx));
  await server.listen({ host: '127.0.0.1', port: 0 });
  port = (server.server.address() as AddressInfo).port;
});
afterAll(async () => {
  await server.close();
  await t.close();
});

const send = (bytes: string) =>
  new Promise<{ status: number; headers: Record<string, string>; body: string }>((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    const chunks: Buffer[] = [];
    socket.on('data', (c) => chunks.push(c));
    socket.on('error', reject);
    socket.on('close', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      const [head = '', body = ''] = text.split('\r\n\r\n');
      const [statusLine = '', ...headerLines] = head.split('\r\n');
      const headers = Object.fromEntries(
        headerLines.map((l) => [
          l.slice(0, l.indexOf(':')).toLowerCase(),
          l.slice(l.indexOf(':') + 1).trim(),
        ]),
      );
      resolve({ status: Number(statusLine.split(' ')[1]), headers, body });
    });
    // Not half-closed: a server that sees the client's end may close before it answers. Every
    // request sent here makes the server close the connection itself (a refusal, `Connection: close`).
    socket.write(bytes);
  });

const longUrl = `/api/v1/transaction/1?token=${TOKEN}&q=${'x'.repeat(maxHeaderSize)}`;

describe('requests the HTTP parser refuses', () => {
  it('a URL longer than the head allows: 431 in the envelope, with its reason, the limit and the security headers', async () => {
    lines.length = 0;
    const res = await send(`GET ${longUrl} HTTP/1.1\r\nHost: x\r\n\r\n`);
    expect(res.status).toBe(431);
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
    for (const [name, value] of Object.entries(routerErrorHeaders)) expect(res.headers[name]).toBe(value);
    expect(JSON.parse(res.body)).toEqual({
      status: Status.VALIDATION,
      error: 'The request URL and headers are too large',
      data: {
        issues: [
          {
            path: '',
            code: 'head_too_large',
            params: { maximum: maxHeaderSize },
            message: 'The request URL and headers are too large',
          },
        ],
      },
    });
    // The log names the refusal, never the URL it refused (a token may ride in its query).
    const log = lines.join('');
    expect(log).toContain('HPE_HEADER_OVERFLOW');
    expect(log).not.toContain(TOKEN);
  });

  it('a URL just inside the limit reaches the API; a few hundred bytes more is 431', async () => {
    const url = (length: number) => `/api/v1/no-such-call?q=${'x'.repeat(length)}`;
    const inside = await send(
      `GET ${url(maxHeaderSize - 300)} HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n`,
    );
    expect(inside.status).toBe(404);
    expect(JSON.parse(inside.body)).toMatchObject({ data: { issues: [{ code: 'unknown_path' }] } });
    const over = await send(`GET ${url(maxHeaderSize + 300)} HTTP/1.1\r\nHost: x\r\n\r\n`);
    expect(over.status).toBe(431);
  });

  it('bytes that are not HTTP, or a NUL in a header: 400 in the envelope', async () => {
    for (const bytes of ['BREW /pot HTCPCP/1.0\r\n\r\n', 'GET / HTTP/1.1\r\nHost: x\r\nX-A: a\0b\r\n\r\n']) {
      const res = await send(bytes);
      expect(res.status).toBe(400);
      expect(JSON.parse(res.body)).toMatchObject({
        status: Status.VALIDATION,
        data: { issues: [{ code: 'bad_request' }] },
      });
    }
  });

  it('twenty at once are each refused, and the server goes on answering', async () => {
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => send(`GET ${longUrl} HTTP/1.1\r\nHost: x\r\n\r\n`)),
    );
    expect(answers.map((a) => a.status)).toEqual(Array(20).fill(431));
    const health = await send('GET /api/v1/health HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n');
    expect(health.status).toBe(200);
  });
});
