import { api, Status } from '@sapi/contract';
import { screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderScreen } from '../../test/render';
import { ApiError, request } from './api-client';
import { authStore } from './auth-store';
import { errorMessage, fieldErrors, isRetryable, issueMessage } from './errors';
import { i18n } from './i18n';

const thai = /[\u0E00-\u0E7F]/;

/** Answers as the server sends them (apps/server/test/reasons.test.ts checks the server side). */
const answers = {
  duplicateUsername: {
    status: 2009,
    error: 'Username "dup_admin" is already taken',
    data: {
      issues: [
        {
          path: 'username',
          code: 'username_taken',
          params: { username: 'dup_admin' },
          message: 'Username "dup_admin" is already taken',
        },
      ],
    },
  },
  tooManyAttempts: {
    status: 3029,
    error: 'Too many failed sign-in attempts. Try again in 60 seconds.',
    data: {
      issues: [
        {
          path: '',
          code: 'too_many_attempts',
          params: { seconds: 60 },
          message: 'Too many failed sign-in attempts. Try again in 60 seconds.',
        },
      ],
    },
  },
  nameTooLong: {
    status: 2001,
    error: 'name: Too big: expected string to have <=100 characters',
    data: {
      issues: [
        {
          path: 'name',
          code: 'too_big',
          params: { maximum: 100, origin: 'string', inclusive: true },
          message: 'Too big: expected string to have <=100 characters',
        },
      ],
    },
  },
} as const;

const fetchMock = vi.fn<typeof fetch>();
beforeEach(async () => {
  vi.stubGlobal('fetch', fetchMock);
  await i18n.changeLanguage('th');
});
afterEach(() => {
  vi.unstubAllGlobals();
  fetchMock.mockReset();
});

/** The ApiError a call throws for this answer, through the real client. */
const failureOf = async (answer: unknown, http = 400): Promise<unknown> => {
  fetchMock.mockResolvedValueOnce(
    new Response(JSON.stringify(answer), { status: http, headers: { 'content-type': 'application/json' } }),
  );
  return request(api.adminCreate, { body: { username: 'x', password: 'y', type: 'ADMIN' } }).catch(
    (error: unknown) => error,
  );
};

describe('server answers in the user’s language (docs/design.md §4)', () => {
  it('a duplicate username: the banner and the field say it in Thai, naming the username', async () => {
    const error = await failureOf(answers.duplicateUsername, 409);
    expect(errorMessage(error)).toBe('ชื่อผู้ใช้ "dup_admin" ถูกใช้แล้ว');
    expect(fieldErrors(error)).toEqual({ username: 'ชื่อผู้ใช้ "dup_admin" ถูกใช้แล้ว' });
  });

  it('too many attempts: the seconds to wait, in Thai', async () => {
    const error = await failureOf(answers.tooManyAttempts, 429);
    expect(errorMessage(error)).toBe('ใส่รหัสผ่านผิดหลายครั้งเกินไป กรุณารอ 60 วินาทีแล้วลองใหม่');
    // About the request as a whole: no field claims it.
    expect(fieldErrors(error)).toEqual({});
  });

  it('a name too long: zod’s code and limit, never zod’s English', async () => {
    const error = await failureOf(answers.nameTooLong);
    expect(fieldErrors(error)).toEqual({ name: 'ต้องมีไม่เกิน 100 ตัวอักษร' });
    expect(errorMessage(error)).toBe('ต้องมีไม่เกิน 100 ตัวอักษร');
  });

  it('says the same answers in English when switched', async () => {
    await i18n.changeLanguage('en');
    expect(errorMessage(await failureOf(answers.tooManyAttempts, 429))).toBe(
      'Too many failed sign-in attempts; try again in 60 seconds',
    );
    expect(fieldErrors(await failureOf(answers.nameTooLong))).toEqual({
      name: 'Must be at most 100 characters',
    });
  });

  it('shows the message on screen as a Thai user reads it', async () => {
    const error = await failureOf(answers.tooManyAttempts, 429);
    await renderScreen(<p data-testid="banner">{errorMessage(error)}</p>);
    expect(screen.getByTestId('banner').textContent).toContain('กรุณารอ 60 วินาที');
  });
});

describe('never the server’s English', () => {
  const english = 'Some English detail from the server';

  it('every status says its contract text (4000/5000 the catalogue’s), in Thai and in English', async () => {
    for (const language of ['th', 'en'] as const) {
      await i18n.changeLanguage(language);
      for (const status of [...Object.values(Status), 7777]) {
        const text = errorMessage(new ApiError(status, english));
        expect(text, `${language} ${status}`).not.toContain(english);
        expect(text, `${language} ${status}`).toMatch(language === 'th' ? thai : /^[A-Z]/);
      }
    }
  });

  it('a reason with a code nobody knows: the status text in the banner, a generic word on the field', () => {
    const error = new ApiError(Status.CONFLICT, english, [
      { path: 'username', code: 'brand_new_rule', params: {}, message: english },
    ]);
    expect(errorMessage(error)).toBe('ข้อมูลซ้ำหรือขัดแย้งกับข้อมูลที่มีอยู่');
    expect(fieldErrors(error)).toEqual({ username: 'ค่าในช่องนี้ไม่ถูกต้อง' });
    expect(issueMessage({ code: undefined })).toBe('ค่าในช่องนี้ไม่ถูกต้อง');
  });

  it('an answer without reasons: what its status means', async () => {
    const error = await failureOf({ status: 2004, error: 'Agent not found', data: null }, 404);
    expect(errorMessage(error)).toBe('ไม่พบข้อมูล');
  });
});

describe('account security statuses (docs/design.md §13) in the user’s language, leading to their flow', () => {
  it.each([3006, 3007, 3008, 3009])('%i is said in Thai, never the server’s English', async (status) => {
    const error = await failureOf(
      { status, error: 'Set a new password before anything else', data: null },
      403,
    );
    expect(errorMessage(error)).toMatch(thai);
    expect(errorMessage(error)).not.toContain('password');
    authStore.clearToken();
  });

  it('3007 and 3009 on a signed-in call ask for the set-up screen; 3008 does not', async () => {
    const asked: string[] = [];
    const stop = authStore.onSetupRequired((next) => asked.push(next));
    try {
      authStore.setToken('tok');
      await failureOf({ status: 3008, error: 'Address not allowed', data: null }, 403);
      expect(authStore.getSetup()).toBeNull();
      await failureOf({ status: 3007, error: 'Set a new password', data: null }, 403);
      expect(authStore.getSetup()).toBe('change-password');
      await failureOf({ status: 3009, error: 'Enrol', data: null }, 403);
      expect(authStore.getSetup()).toBe('enrol-totp');
      expect(asked).toEqual(['change-password', 'enrol-totp']);
      // Signing out forgets it with the token.
      authStore.clearToken();
      expect(authStore.getSetup()).toBeNull();
    } finally {
      stop();
    }
  });
});

describe('try again only where a second try can change the answer', () => {
  it.each([
    [Status.INTERNAL, true],
    [Status.DATABASE_UNAVAILABLE, true],
    [Status.TOO_MANY, true],
    [Status.NO_RESPONSE, true],
    [Status.NO_BODY, true],
    [Status.VALIDATION, false],
    [Status.NOT_FOUND, false],
    [Status.FORBIDDEN, false],
  ])('status %i: %s', (status, retryable) => {
    expect(isRetryable(new ApiError(status, 'x'))).toBe(retryable);
  });

  it('a failure of the page itself may pass', () => {
    expect(isRetryable(new TypeError('Failed to fetch'))).toBe(true);
  });
});
