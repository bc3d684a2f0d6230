import http from 'node:http';
import { type AddressInfo, connect, type Socket } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { loadConfig } from '../config.ts';
import { addressKey } from '../lib/ip-allow.ts';
import { connectionLimitsOf } from './connection-limits.ts';

describe('connection limits (docs/design.md §7)', () => {
  it('defaults: 20 s for a request (10 s of it for the headers, checked every second), 72 s idle keep-alive, 64 per address, the file limit less 512 in all', () => {
    const config = loadConfig({});
    expect(connectionLimitsOf(config, 2048)).toEqual({
      requestTimeoutMs: 20_000,
      headersTimeoutMs: 10_000,
      checkingIntervalMs: 1_000,
      keepAliveTimeoutMs: 72_000,
      perAddress: 64,
      maxConnections: 1_536,
    });
    expect(connectionLimitsOf(config, 1024).maxConnections).toBe(512);
    expect(connectionLimitsOf(config, 1_048_576).maxConnections).toBe(10_000);
    const set = loadConfig({ MAX_CONNECTIONS: '300', REQUEST_TIMEOUT_MS: '3000' });
    expect(connectionLimitsOf(set, 2048)).toMatchObject({
      maxConnections: 300,
      requestTimeoutMs: 3_000,
      headersTimeoutMs: 3_000,
      checkingIntervalMs: 300,
    });
    expect(() => loadConfig({ REQUEST_TIMEOUT_MS: '10' })).toThrow(/REQUEST_TIMEOUT_MS/);
  });

  it('counts an IPv4 address (mapped too) as itself and IPv6 by its /64', () => {
    expect(addressKey('203.0.113.7')).toBe('203.0.113.7');
    expect(addressKey('::ffff:203.0.113.7')).toBe('203.0.113.7');
    expect(addressKey('::ffff:cb00:7107')).toBe('203.0.113.7');
    expect(addressKey('not-an-address')).toBe('not-an-address');
    expect(addressKey('2001:db8:1:2:3:4:5:6')).toBe('2001:db8:1:2::/64');
    expect(addressKey('2001:db8:1:2::9')).toBe('2001:db8:1:2::/64');
    expect(addressKey('2001:0db8:0001:0002:ffff::1')).toBe('2001:db8:1:2::/64');
    expect(addressKey('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(addressKey('::1')).toBe('0:0:0:0::/64');
    expect(addressKey('fe80::1%eth0')).toBe('fe80:0:0:0::/64');
  });
});

describe('connection caps on a listening app', () => {
  let t: TestApp | undefined;
  const sockets: Socket[] = [];
  afterEach(async () => {
    for (const s of sockets.splice(0)) s.destroy();
    await t?.close();
    t = undefined;
  });

  const listen = async (overrides: Parameters<typeof createTestApp>[0]) => {
    t = await createTestApp(overrides);
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    return (t.app.server.address() as AddressInfo).port;
  };

  /** A connection from `localAddress` that asks for /health: the HTTP status, or 0 if it was closed unanswered. */
  const health = (port: number, localAddress = '127.0.0.1') =>
    new Promise<number>((resolve) => {
      const req = http.get(
        { host: '127.0.0.1', port, path: '/api/v1/health', agent: false, localAddress },
        (res) => {
          res.resume();
          res.on('end', () => resolve(res.statusCode ?? 0));
        },
      );
      req.on('error', () => resolve(0));
    });

  /** An idle connection, open once connected. */
  const idle = (port: number, localAddress = '127.0.0.1') =>
    new Promise<Socket>((resolve, reject) => {
      const socket = connect({ host: '127.0.0.1', port, localAddress });
      sockets.push(socket);
      socket.once('connect', () => resolve(socket));
      socket.once('error', reject);
    });

  it('MAX_CONNECTIONS: the next connection is closed unanswered, and served once one ends', async () => {
    const port = await listen({ MAX_CONNECTIONS: 3, MAX_CONNECTIONS_PER_ADDRESS: 0 });
    const held = [await idle(port), await idle(port), await idle(port)];
    expect(await health(port)).toBe(0);
    held[0]?.destroy();
    let status = 0;
    // The server sees the close a moment after the client.
    while (status !== 200) status = await health(port);
    expect(status).toBe(200);
  });

  it('MAX_CONNECTIONS_PER_ADDRESS does not count the proxies TRUST_PROXY lists', async () => {
    const port = await listen({ MAX_CONNECTIONS_PER_ADDRESS: 2, TRUST_PROXY: ['127.0.0.1'] });
    await idle(port, '127.0.0.1');
    await idle(port, '127.0.0.1');
    expect(await health(port, '127.0.0.1')).toBe(200);
    await idle(port, '127.0.0.5');
    await idle(port, '127.0.0.5');
    expect(await health(port, '127.0.0.5')).toBe(0);
    expect(await health(port, '127.0.0.6')).toBe(200);
  });
});
