import { type CSSVariablesResolver, createTheme, DEFAULT_THEME } from '@mantine/core';

const FONT = "'Noto Sans Thai Variable', 'Noto Sans Thai', system-ui, -apple-system, 'Segoe UI', sans-serif";

/** The theme; `closeLabel` names the close buttons of dialogs and toasts in the current language. */
export const makeTheme = (closeLabel: string) =>
  createTheme({
    // Self-hosted Thai font (bundled from @fontsource-variable/noto-sans-thai): never a font CDN.
    fontFamily: FONT,
    headings: { fontFamily: FONT, fontWeight: '650' },
    primaryColor: 'indigo',
    // Shade 8 keeps white text on filled buttons above WCAG AA contrast.
    primaryShade: { light: 8, dark: 6 },
    defaultRadius: 'md',
    cursorType: 'pointer',
    components: {
      Table: { defaultProps: { verticalSpacing: 'sm', horizontalSpacing: 'md' } },
      Modal: {
        defaultProps: { centered: true, radius: 'md', closeButtonProps: { 'aria-label': closeLabel } },
      },
      Notification: { defaultProps: { closeButtonProps: { 'aria-label': closeLabel } } },
    },
  });

const channel = (hex: string, i: number) => Number.parseInt(hex.slice(1 + 2 * i, 3 + 2 * i), 16) / 255;
const luminance = (hex: string) => {
  const [r, g, b] = [0, 1, 2].map((i) => {
    const v = channel(hex, i);
    return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
};
const contrast = (a: string, b: string) => {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
};
const darken = (hex: string, amount: number) =>
  `#${[0, 1, 2]
    .map((i) =>
      Math.round(channel(hex, i) * 255 * (1 - amount))
        .toString(16)
        .padStart(2, '0'),
    )
    .join('')}`;

/** Shade 9 of a palette, darkened until it reads at WCAG AA (4.5:1) on the palette's light background. */
const readableText = (shades: readonly string[]): string => {
  const base = shades[9] ?? '#000000';
  const background = shades[1] ?? '#ffffff';
  let amount = 0;
  let color = base;
  while (contrast(color, background) < 4.7 && amount < 0.9) {
    amount += 0.05;
    color = darken(base, amount);
  }
  return color;
};

/**
 * The filled background of a palette (its shade 8, the theme's light shade) darkened until white text
 * on it reads at WCAG AA: Mantine's green-8 under a white label is 3.4:1.
 */
const readableFill = (shades: readonly string[]): string => {
  const base = shades[8] ?? '#000000';
  let amount = 0;
  let color = base;
  while (contrast('#ffffff', color) < 4.7 && amount < 0.9) {
    amount += 0.05;
    color = darken(base, amount);
  }
  return color;
};

/** Darker text shades than Mantine's defaults so dimmed and light-variant text pass WCAG AA. */
export const cssVariablesResolver: CSSVariablesResolver = () => {
  const light: Record<string, string> = {
    '--mantine-color-dimmed': 'var(--mantine-color-gray-7)',
    // #6b7178 on white: 4.8:1 (Mantine's gray-6 placeholder is 3.3:1).
    '--mantine-color-placeholder': '#6b7178',
  };
  for (const [color, shades] of Object.entries(DEFAULT_THEME.colors)) {
    const text = readableText(shades);
    light[`--mantine-color-${color}-light-color`] = text;
    light[`--mantine-color-${color}-text`] = text;
    light[`--mantine-color-${color}-outline`] = text;
    const fill = readableFill(shades);
    light[`--mantine-color-${color}-filled`] = fill;
    light[`--mantine-color-${color}-filled-hover`] = darken(fill, 0.1);
  }
  // Field error texts and errored inputs: Mantine's red-6 is 3.3:1 on white.
  light['--mantine-color-error'] = readableText(DEFAULT_THEME.colors.red);
  return { variables: {}, light, dark: {} };
};
