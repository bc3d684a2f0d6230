import { describe, expect, it } from 'vitest';
import { betTypeColumns, sumColumns } from '../src/ledger/bet-type-columns.ts';
import { ledgerTables } from '../src/ledger/catalogue.ts';
import { STATEMENTS } from './limit-statements.ts';

/*
 * The limit's statements are written out, apart from the product's SQL, so that a change to it cannot
 * move the baseline; they still read the ledger the catalogue declares (ledger/catalogue.ts).
 */
describe('the limit statements and the ledger catalogue', () => {
  const texts = Object.values(STATEMENTS);
  const named = new Set(
    texts.flatMap((text) => [...text.matchAll(/\b(?:from|join)\s+(\w+)/g)].map((m) => m[1])),
  );

  it('read only tables the catalogue declares (and the agents, for their names)', () => {
    const declared = new Set(ledgerTables.map((table) => table.name));
    const unknown = [...named].filter(
      (table) => table !== undefined && table !== 'agents' && !declared.has(table),
    );
    expect(unknown).toEqual([]);
    expect(named.size).toBeGreaterThan(4);
  });

  it('sum every bet type the rollups keep, by row and by column', () => {
    const sums = STATEMENTS.months_all;
    for (const { betType, column } of betTypeColumns)
      expect(sums).toContain(`filter (where bet_type = '${betType}'), 0)::text as ${column}`);
    for (const column of sumColumns) expect(STATEMENTS.brand_days_all).toContain(`${column}::text`);
  });
});
