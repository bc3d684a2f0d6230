import { describe, expect, it } from 'vitest';
import { isDatabaseUnavailable } from './errors.ts';
import { isReplicaFailure, lsnValue } from './replica.ts';

describe('read replica helpers', () => {
  it('orders WAL positions as PostgreSQL does, not as text', () => {
    expect(lsnValue('0/0')).toBe(0n);
    expect(lsnValue('0/FFFFFFFF') < lsnValue('1/0')).toBe(true);
    expect(lsnValue('9/0') < lsnValue('10/0')).toBe(true);
    expect(lsnValue('16/B374D848')).toBe((0x16n << 32n) | 0xb374d848n);
    expect(lsnValue('FFFFFFFF/FFFFFFFF')).toBe(2n ** 64n - 1n);
  });

  it('sends a read to the primary after a connection failure, not after the query’s own error', () => {
    const withCode = (code: string) => Object.assign(new Error('x'), { code });
    for (const failure of [
      new Error('Connection terminated unexpectedly'),
      withCode('ECONNREFUSED'),
      withCode('EPIPE'),
      withCode('57P01'), // admin shutdown
      withCode('57P03'), // cannot connect now (starting up)
      withCode('08006'), // connection failure
      withCode('40001'), // canceled: conflict with recovery
      withCode('25006'), // read-only transaction
      new Error('wrapped', { cause: withCode('53300') }),
    ])
      expect(isReplicaFailure(failure), String(failure)).toBe(true);
    for (const own of ['22P02', '23505', '42P01', '42703'])
      expect(isReplicaFailure(withCode(own)), own).toBe(false);
  });

  it('tells a lost or refused database connection from every other error', () => {
    const withCode = (code: string) => Object.assign(new Error('x'), { code });
    for (const lost of [
      withCode('ECONNREFUSED'),
      withCode('ECONNRESET'),
      withCode('EPIPE'),
      withCode('57P01'),
      withCode('57P03'),
      withCode('08006'),
      withCode('53300'),
      new Error('Connection terminated unexpectedly'),
      new Error('timeout exceeded when trying to connect'),
      new Error('Failed query: select 1', { cause: withCode('ECONNREFUSED') }),
    ])
      expect(isDatabaseUnavailable(lost), String(lost)).toBe(true);
    for (const other of [
      new TypeError("Cannot read properties of undefined (reading 'id')"),
      withCode('40001'),
      withCode('23505'),
      withCode('22P02'),
      withCode('57014'), // statement timeout: the query's own cost
      withCode('FST_ERR_VALIDATION'),
      null,
      'Connection terminated',
    ])
      expect(isDatabaseUnavailable(other), String(other)).toBe(false);
  });
});
