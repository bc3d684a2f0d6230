import { api, issueText, MAX_ISSUES } from '@sapi/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, request } from './api-client';
import { contractMessages } from './contract-form';
import { errorMessage, fieldErrors } from './errors';
import { i18n } from './i18n';

/** Issue 38, point 10, as the console shows it: invisible characters named on the field, capped answers read. */
const invisibleTh = issueText({ code: 'invisible_characters' }, 'th');

const fetchMock = vi.fn<typeof fetch>();
beforeEach(async () => {
  vi.stubGlobal('fetch', fetchMock);
  await i18n.changeLanguage('th');
});
afterEach(() => {
  vi.unstubAllGlobals();
  fetchMock.mockReset();
});

const failureOf = async (answer: unknown): Promise<unknown> => {
  fetchMock.mockResolvedValueOnce(
    new Response(JSON.stringify(answer), { status: 400, headers: { 'content-type': 'application/json' } }),
  );
  return request(api.agentRegister, {
    body: {
      username: 'x',
      password: 'y',
      endpoint: 'https://a.example',
      prefix: 'ab',
      code: 'AB',
      agentType: 'AGENT',
    },
  }).catch((error: unknown) => error);
};

describe('a name with invisible characters, under its field in Thai', () => {
  it('the browser check of the form names the mistake the user cannot see', () => {
    expect(invisibleTh).toContain('มองไม่เห็น');
    const values = { username: '\u200b\u200b\u200b', password: 'a-long-password', type: 'ADMIN' };
    expect(contractMessages(api.adminCreate.body, values)).toEqual({ username: invisibleTh });
    expect(contractMessages(api.adminCreate.body, { ...values, username: 'ops\u202e1' })).toEqual({
      username: invisibleTh,
    });
  });

  it("the server's refusal says it on the field, in Thai and in English", async () => {
    const answer = {
      status: 2001,
      error: 'code: must not contain invisible characters (zero-width or text-direction controls)',
      data: {
        issues: [{ path: 'code', code: 'invisible_characters', params: {}, message: 'must not contain …' }],
      },
    };
    expect(fieldErrors(await failureOf(answer))).toEqual({ code: invisibleTh });
    await i18n.changeLanguage('en');
    expect(fieldErrors(await failureOf(answer)).code).toMatch(/^Contains invisible characters/);
  });
});

describe('a capped validation answer (at most MAX_ISSUES issues plus issuesTotal)', () => {
  it('is read like any other: its issues on their fields, its first reason in the banner', async () => {
    const issues = Array.from({ length: MAX_ISSUES }, (_, i) => ({
      path: `transactions.${i}.betId`,
      code: 'invalid_type',
      params: { expected: 'string', received: 'undefined' },
      message: 'Invalid input',
    }));
    const error = await failureOf({
      status: 2001,
      error: 'transactions.0.betId: Invalid input',
      data: { issues, issuesTotal: 8000 },
    });
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).issues).toHaveLength(MAX_ISSUES);
    expect(errorMessage(error)).toBe('กรุณากรอกข้อมูลช่องนี้');
    expect(fieldErrors(error)).toEqual({ transactions: 'กรุณากรอกข้อมูลช่องนี้' });
  });
});
