import { describe, expect, it } from 'vitest';
import { diffFields } from './diff';

describe('diffFields', () => {
  it('lists every field once and marks the changed ones', () => {
    const rows = diffFields(
      { _id: '4', type: 'OPERATOR', locked: false, tags: ['a'] },
      { _id: '4', type: 'REPORTER', locked: false, tags: ['a'], extra: 1 },
    );
    expect(rows.map((r) => [r.field, r.changed])).toEqual([
      ['_id', false],
      ['type', true],
      ['locked', false],
      ['tags', false],
      ['extra', true],
    ]);
  });

  it('a create has only an after: every field changed', () => {
    expect(diffFields(null, { username: 'x' })).toEqual([
      { field: 'username', before: undefined, after: 'x', changed: true },
    ]);
  });

  it('no before and no after: nothing to show', () => {
    expect(diffFields(null, null)).toEqual([]);
  });

  it('a plain value becomes one "value" row', () => {
    expect(diffFields('a', 'b')).toEqual([{ field: 'value', before: 'a', after: 'b', changed: true }]);
  });
});
