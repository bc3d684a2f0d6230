import { expect, type Locator, type Page } from '@playwright/test';

/** What the agent picker shows for an agent: `username (prefix)`. */
export const agentText = (agent: { username: string; prefix: string }) =>
  `${agent.username} (${agent.prefix})`;

/**
 * Choose an agent in an agent picker (components/agent-picker.tsx) as a person does: type part of its
 * prefix, wait for the server's matches, click the one wanted.
 */
export async function pickAgent(
  page: Page,
  scope: Locator,
  label: string,
  agent: { username: string; prefix: string },
) {
  const box = scope.getByRole('combobox', { name: label, exact: true });
  await box.click();
  await box.fill(agent.prefix);
  await page.getByRole('option', { name: agentText(agent), exact: true }).click();
  await expect(box).toHaveValue(agentText(agent));
  return box;
}

/**
 * Choose a game brand in a brand picker (components/brand-picker.tsx) as a person does: type part of
 * its code in lower case (the search ignores case), click the provider wanted.
 */
export async function pickBrand(page: Page, scope: Locator, label: string, codename: string) {
  const box = scope.getByRole('combobox', { name: label, exact: true });
  await box.click();
  await box.fill(codename.toLowerCase());
  await page.getByRole('option', { name: new RegExp(`^${codename}\\b`) }).click();
  await expect(box).toHaveValue(codename);
  return box;
}

/** Clear a brand picker as a keyboard user does: erase its text. */
export async function clearBrand(scope: Locator, label: string) {
  const box = scope.getByRole('combobox', { name: label, exact: true });
  await box.fill('');
  await box.blur();
  await expect(box).toHaveValue('');
}
