import { describe, expect, it } from 'vitest';
import { scrub, scrubUrl, serializeError } from './log-redaction.ts';

const HASH = '$argon2id$v=19$m=19456,t=2,p=1$c2FsdHNhbHQ$aGFzaGhhc2hoYXNoaGFzaA';

describe('log redaction', () => {
  it("removes the values PostgreSQL's detail quotes, keeping what failed", () => {
    const err = Object.assign(
      new Error('duplicate key value violates unique constraint "agents_api_key_unique"'),
      {
        code: '23505',
        constraint: 'agents_api_key_unique',
        detail: 'Key (api_key)=(ak_live_0123456789abcdef) already exists.',
      },
    );
    const out = JSON.stringify(serializeError(err));
    expect(out).not.toContain('ak_live_0123456789abcdef');
    expect(out).toContain('Key (api_key)=([redacted]) already exists.');
    expect(out).toContain('agents_api_key_unique');
    expect(out).toContain('23505');
  });

  it("removes a failed query's params, in its message, its fields and its cause chain", () => {
    const cause = Object.assign(new Error('new row violates check constraint "c"'), {
      detail: `Failing row contains (1, bob, ${HASH}, s3cr3t-value).`,
    });
    const err = Object.assign(new Error(`Failed query: insert into x values ($1, $2)\nparams: bob,${HASH}`), {
      query: 'insert into x values ($1, $2)',
      params: ['bob', HASH],
      cause,
    });
    const out = JSON.stringify(serializeError(err));
    expect(out).not.toContain('argon2');
    expect(out).not.toContain('s3cr3t-value');
    expect(out).toContain('insert into x values ($1, $2)');
  });

  it('redacts secret-named fields at any depth and argon2 hashes anywhere', () => {
    const out = JSON.stringify(
      scrub({
        body: { user: { password: 'p', apiKey: 'k', nested: [{ totpSecret: 't' }] } },
        note: `h=${HASH}`,
      }),
    );
    expect(out).not.toMatch(/"p"|"k"|"t"|argon2/);
  });
});

describe('request URLs in the log', () => {
  it('redacts credential-like query values, the key read as the server reads it', () => {
    const url = scrubUrl(
      '/api/v1/agent/list?t%6fken=SECRET1&auth=SECRET2&bearer=SECRET3&x-signature=SECRET4&%ZZ=SECRET5&page=2&q=ab+c',
    );
    for (const secret of ['SECRET1', 'SECRET2', 'SECRET3', 'SECRET4', 'SECRET5'])
      expect(url).not.toContain(secret);
    expect(url).toContain('page=2');
    expect(url).toContain('q=ab+c');
    expect(scrubUrl('/agent/list')).toBe('/agent/list');
  });
});
