import { expect, type Locator } from '@playwright/test';

/** Two English words in a row: a sentence left untranslated (codes such as `a–z` or `https` are fine). */
const englishPhrase = /[A-Za-z]{2,}[\s,:]+[A-Za-z]{2,}/;
const thai = /[\u0E00-\u0E7F]/;

/** The error shown under a form field: the element its aria-describedby names (`…-error`). */
export async function fieldError(field: Locator): Promise<string> {
  const errorId = async () =>
    ((await field.getAttribute('aria-describedby')) ?? '').split(/\s+/).find((id) => id.endsWith('-error'));
  await expect.poll(errorId, { message: 'the field names its error' }).toBeTruthy();
  const error = field.page().locator(`[id="${await errorId()}"]`);
  await expect(error).toBeVisible();
  return (await error.textContent()) ?? '';
}

/** A field refused beside it, in Thai, with no English sentence. */
export async function expectThaiFieldError(field: Locator) {
  const text = await fieldError(field);
  expect(text).toMatch(thai);
  expect(text).not.toMatch(englishPhrase);
}

/** Every error a dialog shows (under its fields and in its banner) is in Thai, with no English sentence. */
export async function expectNoEnglishErrors(dialog: Locator) {
  const errors = dialog.locator('[class*="InputWrapper-error"], [data-testid="error-banner"]');
  for (const text of await errors.allTextContents()) {
    expect(text).toMatch(thai);
    expect(text).not.toMatch(englishPhrase);
  }
}
