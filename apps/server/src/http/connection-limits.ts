import { readFileSync } from 'node:fs';
import type { Server } from 'node:http';
import { BlockList, isIPv4, type Socket } from 'node:net';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config.ts';
import { addressKey } from '../lib/ip-allow.ts';

/**
 * Connections an anonymous client cannot hold (docs/design.md §7):
 * - a request, headers and body, must arrive within REQUEST_TIMEOUT_MS, else Node answers through
 *   `clientError` (http/error-handler.ts: 408 in the envelope) and closes the socket. Node checks
 *   every `connectionsCheckingInterval` (30 s by default, on top of the timeout): a tenth of the
 *   timeout here, at most 1 s, so the bound holds to within a second;
 * - the headers within 10 s of it (they are a few hundred bytes);
 * - an idle keep-alive connection closes after KEEP_ALIVE_TIMEOUT_MS;
 * - one address holds at most MAX_CONNECTIONS_PER_ADDRESS connections; the next is closed at once;
 * - the process holds at most MAX_CONNECTIONS in all, below its file limit, so the database and
 *   the logs always have descriptors left: Node closes any further connection as it is accepted.
 */
export interface ConnectionLimits {
  requestTimeoutMs: number;
  headersTimeoutMs: number;
  checkingIntervalMs: number;
  keepAliveTimeoutMs: number;
  /** 0 = no cap. */
  perAddress: number;
  maxConnections: number;
}

/** Descriptors kept back from connections for the database files, its pool, logs and key files. */
const RESERVED_FDS = 512;
const MAX_CONNECTIONS_DEFAULT_CEILING = 10_000;
/** A refusal logs at most one line a minute (with the count since): a flood cannot grow the log. */
const LOG_EVERY_MS = 60_000;

/** The soft limit on open files (Linux `/proc`); undefined where it cannot be read. */
export const openFileLimit = (): number | undefined => {
  try {
    const line = /^Max open files\s+(\d+|unlimited)/m.exec(readFileSync('/proc/self/limits', 'utf8'));
    if (!line?.[1] || line[1] === 'unlimited') return undefined;
    return Number(line[1]);
  } catch {
    return undefined;
  }
};

export const connectionLimitsOf = (
  config: Pick<
    Config,
    'REQUEST_TIMEOUT_MS' | 'KEEP_ALIVE_TIMEOUT_MS' | 'MAX_CONNECTIONS_PER_ADDRESS' | 'MAX_CONNECTIONS'
  >,
  fileLimit = openFileLimit(),
): ConnectionLimits => ({
  requestTimeoutMs: config.REQUEST_TIMEOUT_MS,
  headersTimeoutMs: Math.min(10_000, config.REQUEST_TIMEOUT_MS),
  checkingIntervalMs: Math.min(1_000, Math.max(100, Math.round(config.REQUEST_TIMEOUT_MS / 10))),
  keepAliveTimeoutMs: config.KEEP_ALIVE_TIMEOUT_MS,
  perAddress: config.MAX_CONNECTIONS_PER_ADDRESS,
  maxConnections:
    config.MAX_CONNECTIONS ??
    Math.max(64, Math.min(MAX_CONNECTIONS_DEFAULT_CEILING, (fileLimit ?? 1024) - RESERVED_FDS)),
});

/** Fastify's options for the Node server it makes (Fastify sets `requestTimeout` after creation). */
export const serverOptionsOf = (limits: ConnectionLimits) => ({
  requestTimeout: limits.requestTimeoutMs,
  keepAliveTimeout: limits.keepAliveTimeoutMs,
  http: {
    requestTimeout: limits.requestTimeoutMs,
    headersTimeout: limits.headersTimeoutMs,
    connectionsCheckingInterval: limits.checkingIntervalMs,
    keepAliveTimeout: limits.keepAliveTimeoutMs,
  },
});

/**
 * The proxies TRUST_PROXY names are not counted per address: every client behind them arrives
 * from their address, and they bound their own clients. A hop count names no address: every peer
 * is taken to be a proxy (reach the app only through it), and only the total cap applies.
 */
const exemptFrom = (trustProxy: Config['TRUST_PROXY']): ((address: string) => boolean) => {
  if (typeof trustProxy === 'number') return () => trustProxy > 0;
  if (!Array.isArray(trustProxy)) return () => false;
  const list = new BlockList();
  for (const entry of trustProxy) {
    const [address = '', bits] = entry.split('/');
    const family = isIPv4(address) ? 'ipv4' : 'ipv6';
    if (bits === undefined) list.addAddress(address, family);
    else list.addSubnet(address, Number(bits), family);
  }
  return (address) => list.check(address, isIPv4(address) ? 'ipv4' : 'ipv6');
};

/** Counts refusals and logs them at most once a minute. */
const refusalLog = (log: FastifyBaseLogger, message: string, details: Record<string, unknown>) => {
  let lastAt = 0;
  let unlogged = 0;
  return (address: string | undefined) => {
    unlogged++;
    const now = Date.now();
    if (now - lastAt < LOG_EVERY_MS) return;
    log.warn({ ...details, refused: unlogged, lastAddress: address }, message);
    lastAt = now;
    unlogged = 0;
  };
};

/** Apply the per-address and total caps to the server's connections. */
export const limitConnections = (
  server: Server,
  limits: ConnectionLimits,
  trustProxy: Config['TRUST_PROXY'],
  log: FastifyBaseLogger,
) => {
  server.maxConnections = limits.maxConnections;
  const droppedOverTotal = refusalLog(
    log,
    'connections refused: the server holds MAX_CONNECTIONS connections (count since the last such line)',
    { maxConnections: limits.maxConnections },
  );
  server.on('drop', (data?: { remoteAddress?: string }) => droppedOverTotal(data?.remoteAddress));

  if (limits.perAddress === 0) return;
  const exempt = exemptFrom(trustProxy);
  const open = new Map<string, number>();
  const refusedOverAddress = refusalLog(
    log,
    'connections refused: one address holds MAX_CONNECTIONS_PER_ADDRESS connections (count since the last such line)',
    { perAddress: limits.perAddress },
  );
  server.on('connection', (socket: Socket) => {
    const address = socket.remoteAddress;
    if (address === undefined) {
      // Already gone: nothing to count.
      socket.destroy();
      return;
    }
    if (exempt(address)) return;
    const key = addressKey(address);
    const count = open.get(key) ?? 0;
    if (count >= limits.perAddress) {
      refusedOverAddress(key);
      // Closed before a byte is read: the client sees the connection end, never a hang.
      socket.destroy();
      return;
    }
    open.set(key, count + 1);
    socket.once('close', () => {
      const left = (open.get(key) ?? 1) - 1;
      if (left > 0) open.set(key, left);
      else open.delete(key);
    });
  });
};
