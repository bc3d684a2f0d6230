import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeConnections, requestJson } from './http.ts';

/** A server whose answer is chosen by the path; counts the connections it was opened. */
let server: Server;
let base = '';
let connections = 0;

const readBody = (req: IncomingMessage) =>
  new Promise<string>((resolve) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
  });

const handle = async (req: IncomingMessage, res: ServerResponse) => {
  const body = await readBody(req);
  const echo = JSON.stringify({
    method: req.method,
    url: req.url,
    auth: req.headers.authorization ?? null,
    length: req.headers['content-length'] ?? null,
    body,
  });
  if (req.url === '/chunked') {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.write('{"parts":["ก');
    setTimeout(() => res.end('ข"]}'), 5);
  } else if (req.url === '/close') {
    res.writeHead(200, { 'content-type': 'application/json', connection: 'close' });
    res.end(echo);
  } else if (req.url === '/cut') {
    res.writeHead(200, { 'content-type': 'application/json', 'content-length': '100' });
    res.write('{"half":');
    setTimeout(() => req.socket.destroy(), 5);
  } else if (req.url?.startsWith('/slow/')) {
    setTimeout(() => res.end(echo), Number(req.url.slice(6)));
  } else {
    res.end(echo);
  }
};

beforeAll(async () => {
  server = createServer((req, res) => void handle(req, res));
  server.on('connection', () => connections++);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  closeConnections();
  await new Promise((resolve) => server.close(resolve));
});

describe("the bench's HTTP client", () => {
  it('sends method, path, query, headers and a UTF-8 body with its byte length, over one kept-alive connection', async () => {
    closeConnections();
    const before = connections;
    const body = JSON.stringify({ name: 'ผู้เล่น\u0000😀' });
    for (let i = 0; i < 5; i++) {
      expect(await requestJson(`${base}/x?y=${i}`, 'POST', { authorization: 'Bearer t' }, body)).toEqual({
        method: 'POST',
        url: `/x?y=${i}`,
        auth: 'Bearer t',
        length: String(Buffer.byteLength(body)),
        body,
      });
    }
    expect(await requestJson(`${base}/get`, 'GET', {}, undefined)).toMatchObject({
      method: 'GET',
      length: null,
    });
    expect(connections - before).toBe(1);
  });

  it('reads a chunked answer', async () => {
    expect(await requestJson(`${base}/chunked`, 'GET', {}, undefined)).toEqual({ parts: ['กข'] });
  });

  it('gives each of many parallel calls its own answer, on as many connections as were busy at once', async () => {
    closeConnections();
    const before = connections;
    const answers = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        requestJson(`${base}/slow/${(8 - i) * 3}`, 'POST', {}, JSON.stringify({ i })),
      ),
    );
    expect(answers.map((a) => JSON.parse((a as { body: string }).body).i)).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
    expect(connections - before).toBe(8);
    await Promise.all(Array.from({ length: 8 }, () => requestJson(`${base}/x`, 'GET', {}, undefined)));
    expect(connections - before).toBe(8);
  });

  it('opens a new connection after an answer that closes its own', async () => {
    closeConnections();
    const before = connections;
    await requestJson(`${base}/close`, 'GET', {}, undefined);
    expect(await requestJson(`${base}/x`, 'GET', {}, undefined)).toMatchObject({ url: '/x' });
    expect(connections - before).toBe(2);
  });

  it('fails a call whose connection is cut mid-answer, and the next call still works', async () => {
    await expect(requestJson(`${base}/cut`, 'GET', {}, undefined)).rejects.toThrow(/closed the connection/);
    expect(await requestJson(`${base}/x`, 'GET', {}, undefined)).toMatchObject({ url: '/x' });
  });

  it('fails a call to a port where nothing listens', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    await expect(requestJson(`http://127.0.0.1:${port}/x`, 'GET', {}, undefined)).rejects.toThrow();
  });
});
