import { expect, type Locator, type Page } from '@playwright/test';

/** A phone's window (390 × 844, an iPhone 12 to 15). */
export const PHONE = { width: 390, height: 844 };

/** The page is no wider than the window: nothing runs past the screen's right edge. */
export async function expectNoSidewaysPage(page: Page) {
  const width = page.viewportSize()?.width ?? 0;
  await expect
    .poll(() => page.evaluate(() => document.documentElement.scrollWidth), {
      message: 'the page is no wider than the window',
    })
    .toBeLessThanOrEqual(width);
}

/**
 * The text of an element as the user reads it, line by line: its characters (spaces left out)
 * grouped by the line they are drawn on. A word broken over two lines shows as two lines.
 */
export const linesOf = (element: Locator) =>
  element.evaluate((root) => {
    const lines: { top: number; text: string }[] = [];
    const range = document.createRange();
    const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent ?? '';
      for (let i = 0; i < text.length; i++) {
        if (/\s/.test(text.charAt(i))) continue;
        range.setStart(node, i);
        range.setEnd(node, i + 1);
        const top = range.getBoundingClientRect().top;
        // Characters of one line share their top (within a pixel or two of rounding).
        const line = lines.find((l) => Math.abs(l.top - top) < 3);
        if (line) line.text += text.charAt(i);
        else lines.push({ top, text: text.charAt(i) });
      }
    }
    return lines.sort((a, b) => a.top - b.top).map((l) => l.text);
  });

/**
 * A transaction ledger (an agent's transactions, Transaction From Report) in a phone's window: the
 * table scrolls sideways in its own box, the page does not; its rows stay short; the time shows its
 * date on one line and its time on the next, the first row's username (of `player`, as ingested)
 * whole on one line. Leaves the table scrolled to its last column (the time), as a user reading
 * the times would.
 */
export async function expectLedgerReadable(page: Page, player: string) {
  const rows = page.getByTestId('transaction-row');
  await expect(rows.first()).toBeVisible();
  const table = page.getByRole('region', { name: 'รายการธุรกรรม' });
  expect(
    await table.evaluate((box) => box.scrollWidth > box.clientWidth),
    'the ledger scrolls sideways in its box',
  ).toBe(true);
  await expectNoSidewaysPage(page);

  // Short rows: a line or two of text each (a date one character a line made them 286 px).
  const heights = await rows.evaluateAll((trs) => trs.map((tr) => tr.getBoundingClientRect().height));
  for (const height of heights) expect(height).toBeLessThan(80);

  const first = rows.first();
  // The ledger shows a player's username after its agent's prefix.
  const user = first.getByRole('cell', { name: new RegExp(`^\\w*${player}$`) });
  const username = (await user.textContent()) ?? '';
  expect(await linesOf(user)).toEqual([username]);
  // The time column, last: the user scrolls the table to it.
  const time = first.getByRole('cell').last();
  await page.getByRole('columnheader', { name: 'เวลา', exact: true }).scrollIntoViewIfNeeded();
  // …and down to the first row, when what stands above the table (the drill-down's totals) pushed it
  // below the fold: to the middle of the window, not to its edge, where a fraction of a pixel of the
  // cell could stay out of view.
  await time.evaluate((cell) => cell.scrollIntoView({ block: 'center', inline: 'nearest' }));
  await expect(time).toBeInViewport({ ratio: 1 });
  const [date, clock, ...rest] = await linesOf(time);
  expect(date).toMatch(/^\d{2}\/\d{2}\/\d{4}$/);
  expect(clock).toMatch(/^\d{2}:\d{2}:\d{2}$/);
  expect(rest).toEqual([]);
}

/**
 * Every one of the elements shows its whole text: none is narrower than what it holds (a clipped
 * badge scrolls its text; a squeezed grid cell lets it run over the next one).
 */
export async function expectWholeText(elements: Locator[]) {
  for (const element of elements) {
    const { room, text } = await element.evaluate((el) => ({ room: el.clientWidth, text: el.scrollWidth }));
    expect(text, `${element} is narrower than its text`).toBeLessThanOrEqual(room);
  }
}
