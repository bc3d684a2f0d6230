import { api } from '@sapi/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callRoute } from '../../test/calls.ts';
import { createTestApp, type LoggedApp, loggedApp, type TestApp } from '../../test/harness.ts';

/**
 * The console at the default level (`LOG_LEVEL=info`, `npm start`, `npm run demo`) shows the start and
 * what went wrong, not a line per request; `LOG_LEVEL=debug` adds Fastify's two lines per request.
 * A 500 prints its error with the request id the user was given at either level.
 */
interface Line {
  level: number;
  msg: string;
  reqId?: string;
}
const WARN = 40;
const DEBUG = 20;

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** An app logging at `level` with a route that fails, after one good request and one failing one. */
const run = async (level: 'info' | 'debug') => {
  const logged: LoggedApp = await loggedApp(t.ctx, level);
  logged.app.get('/test/fails', async () => {
    throw new Error('a fault of the handler');
  });
  try {
    const health = await callRoute(logged.app, api.health);
    expect(health.statusCode).toBe(200);
    const failed = await logged.app.inject({ method: 'GET', url: '/test/fails' });
    expect(failed.statusCode).toBe(500);
    const requestId = String((failed.json() as { data: { requestId: string } }).data.requestId);
    expect(requestId).not.toBe('');
    const lines = logged.lines.map((l) => JSON.parse(l) as Line);
    return { lines, requestId };
  } finally {
    await logged.app.close();
  }
};

describe('request lines in the log', () => {
  it('at the default level (info): no line per request, a 500 still logs its error with its request id', async () => {
    const { lines, requestId } = await run('info');
    expect(lines.filter((l) => l.msg === 'incoming request' || l.msg === 'request completed')).toEqual([]);
    // Every line a request leaves at this level says something went wrong.
    const ofRequests = lines.filter((l) => l.reqId !== undefined);
    expect(ofRequests.length).toBeGreaterThan(0);
    for (const line of ofRequests) expect(line.level, line.msg).toBeGreaterThanOrEqual(WARN);
    expect(lines).toContainEqual(expect.objectContaining({ msg: 'unhandled error', reqId: requestId }));
  });

  it('at debug: both lines of every request, the failing one included, and its error', async () => {
    const { lines, requestId } = await run('debug');
    const incoming = lines.filter((l) => l.msg === 'incoming request');
    const completed = lines.filter((l) => l.msg === 'request completed');
    expect(incoming).toHaveLength(2);
    expect(completed).toHaveLength(2);
    for (const line of [...incoming, ...completed]) expect(line.level).toBe(DEBUG);
    expect(incoming.map((l) => l.reqId)).toContain(requestId);
    expect(lines).toContainEqual(expect.objectContaining({ msg: 'unhandled error', reqId: requestId }));
  });
});
