import { DEFAULT_THEME, mergeMantineTheme } from '@mantine/core';
import { describe, expect, it } from 'vitest';
import { cssVariablesResolver, makeTheme } from './theme';

/** WCAG contrast of two #rrggbb colours. */
const luminance = (hex: string) => {
  const [r, g, b] = [0, 1, 2].map((i) => {
    const v = Number.parseInt(hex.slice(1 + 2 * i, 3 + 2 * i), 16) / 255;
    return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
};
const contrast = (a: string, b: string) => {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
};

describe('theme colours (WCAG AA, 4.5:1)', () => {
  const light: Record<string, string> = cssVariablesResolver(
    mergeMantineTheme(DEFAULT_THEME, makeTheme('close')),
  ).light;
  it.each(Object.keys(DEFAULT_THEME.colors))('white on a filled %s button, hovered or not', (color) => {
    for (const variable of [`--mantine-color-${color}-filled`, `--mantine-color-${color}-filled-hover`]) {
      expect(contrast('#ffffff', light[variable] as string), variable).toBeGreaterThanOrEqual(4.5);
    }
  });
  it.each(Object.keys(DEFAULT_THEME.colors))('%s text on its light background', (color) => {
    const background = DEFAULT_THEME.colors[color]?.[1] as string;
    expect(contrast(light[`--mantine-color-${color}-text`] as string, background)).toBeGreaterThanOrEqual(
      4.5,
    );
  });
});
