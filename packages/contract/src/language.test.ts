import { describe, expect, it } from 'vitest';
import { languageOf } from './language.ts';

describe('the language a request asks for (Accept-Language)', () => {
  it('is Thai unless English is preferred', () => {
    for (const [header, language] of [
      [undefined, 'th'],
      ['', 'th'],
      ['*', 'th'],
      ['fr-FR, de;q=0.5', 'th'],
      ['th', 'th'],
      ['en', 'en'],
      ['EN-us', 'en'],
      ['th-TH,th;q=0.9,en-US;q=0.8,en;q=0.7', 'th'],
      ['en-GB,en;q=0.9,th;q=0.8', 'en'],
      ['th;q=0.5, en;q=0.6', 'en'],
      ['en;q=0, th', 'th'],
      ['en;q=0', 'th'],
      ['en;q=nonsense', 'th'],
      ['en;q=0.4, th;q=0.4', 'en'],
      // Edge values a hostile client may send: never a throw, never a language it did not ask for.
      ['en;q=1e309', 'th'],
      ['en;q=-0', 'th'],
      ['en;q=1.01', 'th'],
      ['en\u0000', 'th'],
      [`${'x,'.repeat(10_000)}en`, 'en'],
    ] as const) {
      expect(languageOf(header), String(header)).toBe(language);
    }
  });
});
