import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { arrayLiteral } from './array-literal.ts';
import { queryRows } from './client.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('arrayLiteral', () => {
  it('reads back element for element, whatever the text holds', async () => {
    const values = [
      'plain',
      '',
      'with space',
      'comma,inside',
      '{braces}',
      'quote " inside',
      'back\\slash',
      'both \\" mixed',
      'NULL',
      'null',
      null,
      'ไทย ✓ 😀',
      "'single'",
      ' padded ',
    ];
    const rows = await queryRows<{ v: string | null; n: string }>(
      t.ctx.db,
      sql`select v, n::text as n from unnest(${arrayLiteral(values)}::text[]) with ordinality as x(v, n) order by x.n`,
    );
    expect(rows.map((r) => r.v)).toEqual(values);
  });

  it('serves numbers and timestamps the same way', async () => {
    const [row] = await queryRows<{ total: string; first: string }>(
      t.ctx.db,
      sql`select (select sum(x)::text from unnest(${arrayLiteral(['-12345', '0', null, '9007199254740993'])}::bigint[]) x) as total,
                 (select to_char(min(x) at time zone 'UTC', 'YYYY-MM-DD HH24:MI:SS.US')
                    from unnest(${arrayLiteral(['2026-11-22T10:00:00.123456+07:00', '2026-11-23T00:00:00Z'])}::timestamptz[]) x) as first`,
    );
    expect(row).toEqual({ total: '9007199254728648', first: '2026-11-22 03:00:00.123456' });
  });
});
