import type pg from 'pg';

/**
 * A connection the server closes (restart, failover, admin kill) while a client is checked out of
 * the pool — inside a transaction, or between the replica check's connect and its query — is an
 * 'error' event on that client. The pool listens only to idle clients, so without a listener of its
 * own the event is unhandled and ends the process. The error itself still reaches the statement
 * that was running (or the next one, refused as not queryable), and the pool discards the client
 * when it is released; this listener only keeps the process alive.
 */
export const survivesLostConnections = (pool: pg.Pool): void => {
  pool.on('connect', (client) => {
    client.on('error', () => undefined);
  });
};
