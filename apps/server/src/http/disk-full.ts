import { Status } from '@sapi/contract';
import type { FastifyBaseLogger, FastifyInstance, FastifyReply } from 'fastify';
import { reasonData } from '../core/errors.ts';
import { diskFullLog, mib, type spaceWatch } from '../lib/disk-space.ts';

/** Seconds a client waits before trying a change again on a full disk: an operator must free space. */
const DISK_FULL_RETRY_S = 60;

/** 503/9003 `disk_full`: nothing was changed; reads go on being answered. */
export const answerDiskFull = (reply: FastifyReply) => {
  const error = "The server's disk is full; changes cannot be saved until space is freed";
  return reply
    .code(503)
    .header('retry-after', String(DISK_FULL_RETRY_S))
    .send({ status: Status.DATABASE_UNAVAILABLE, error, data: reasonData('disk_full', error) });
};

const READ_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
/**
 * Reads sent as POST (a filter in the body): lists, look-ups, exports, reports and the session's own
 * checks. They write nothing but a session's time stamp, which the reserve leaves room for.
 */
const READ_PATH =
  /\/(list|get|pick|export|self|verify|summary|dashboard|agent-report|monthly|daily|history|count|revenue-share|periods|what-if)(\/|$)/;

/** A request that reads only, by method or by its route's path (unknown paths count as changes). */
export const onlyReads = (method: string, routePath: string | undefined) =>
  READ_METHODS.has(method) || (method === 'POST' && routePath !== undefined && READ_PATH.test(routePath));

/**
 * The embedded database's guard (lib/disk-space.ts): while DATA_DIR's file system has less than the
 * reserve free, a request that may change data (ingest, sign-in, every create, update and delete) is
 * answered 503 `disk_full` before it reaches the database, and reads are served; changes are
 * accepted again as soon as space is freed, without a restart.
 */
export const refuseChangesOnFullDisk = (
  app: FastifyInstance,
  space: ReturnType<typeof spaceWatch>,
  log: FastifyBaseLogger,
) => {
  app.addHook('onRequest', async (req, reply) => {
    if (onlyReads(req.method, req.routeOptions.url)) return;
    if (space.low()) {
      diskFullLog.report((d, m) => log.warn(d, m), { freeMiB: mib(space.free()) });
      return answerDiskFull(reply);
    }
    diskFullLog.recovered((d, m) => log.info(d, m));
  });
};
