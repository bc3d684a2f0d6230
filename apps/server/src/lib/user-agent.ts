/**
 * "Chrome 131 on Windows" from a User-Agent header: enough for staff to tell their sessions apart.
 * A few ordered patterns rather than a parser library: the back-office is used from desktop and mobile
 * browsers of the usual families, and an unknown one is simply shown as its raw header.
 */
const browsers: [name: string, pattern: RegExp][] = [
  ['Edge', /\bEdg(?:e|A|iOS)?\/(\d+)/],
  ['Opera', /\bOPR\/(\d+)/],
  ['Samsung Internet', /\bSamsungBrowser\/(\d+)/],
  ['Firefox', /\b(?:Firefox|FxiOS)\/(\d+)/],
  // Headless Chrome (automation, screenshots) and Chromium builds are Chrome to a person reading the list.
  ['Chrome', /(?:\b|Headless)(?:Chrome|CriOS|Chromium)\/(\d+)/],
  ['Safari', /\bVersion\/(\d+)[^ ]* (?:Mobile\/\S+ )?Safari\//],
];
const systems: [name: string, pattern: RegExp][] = [
  ['Android', /\bAndroid\b/],
  ['iOS', /\b(?:iPhone|iPad|iPod)\b/],
  ['Windows', /\bWindows\b/],
  ['macOS', /\bMac OS X\b/],
  ['ChromeOS', /\bCrOS\b/],
  ['Linux', /\bLinux\b/],
];

export const browserOf = (userAgent: string | null | undefined): string | null => {
  if (!userAgent) return null;
  const browser = browsers.find(([, p]) => p.test(userAgent));
  const system = systems.find(([, p]) => p.test(userAgent))?.[0];
  if (!browser) return system ?? null;
  const version = browser[1].exec(userAgent)?.[1];
  const label = version ? `${browser[0]} ${version}` : browser[0];
  return system ? `${label} on ${system}` : label;
};
