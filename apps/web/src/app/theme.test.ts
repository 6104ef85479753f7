import { describe, expect, it } from 'vitest';
import { DEFAULT_THEME, mergeMantineTheme, type MantineTheme } from '@mantine/core';
import { cssVariablesResolver, theme } from './theme';

const full: MantineTheme = mergeMantineTheme(DEFAULT_THEME, theme);
const variables = cssVariablesResolver(full);

/** A colour of the theme: '#rrggbb', 'teal.8', or a CSS variable the resolver sets. */
function hex(colour: string): string {
  const variable = /^var\(--mantine-color-(\w+)-(\d)\)$/.exec(colour);
  if (variable) return hex(`${variable[1]}.${variable[2]}`);
  const shade = /^(\w+)\.(\d)$/.exec(colour);
  if (shade) return full.colors[shade[1] ?? '']?.[Number(shade[2])] ?? colour;
  return colour;
}

function luminance(colour: string): number {
  const value = hex(colour).replace('#', '');
  const [r, g, b] = [0, 2, 4].map((i) => {
    const c = parseInt(value.slice(i, i + 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * (r ?? 0) + 0.7152 * (g ?? 0) + 0.0722 * (b ?? 0);
}

/** The WCAG contrast ratio of two colours. */
function contrast(a: string, b: string): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return ((light ?? 0) + 0.05) / ((dark ?? 0) + 0.05);
}

const WHITE = '#ffffff';
const LOGIN_TINT = 'teal.0';
const DARK_BODY = 'dark.7';
const DARK_INPUT = 'dark.6';
const primaryShade = typeof full.primaryShade === 'number' ? { light: full.primaryShade, dark: full.primaryShade } : full.primaryShade;

describe('theme colours (issue 14: 4.5:1 for text, 3:1 for controls and focus rings)', () => {
  it('puts white text on the filled primary colour at 4.5:1 in both modes, hover included', () => {
    for (const shade of [primaryShade.light, primaryShade.dark, Math.min(primaryShade.light + 1, 9)]) {
      expect(contrast(WHITE, `teal.${shade}`)).toBeGreaterThanOrEqual(4.5);
    }
  });

  it('shows links, and the active menu entry on its tint, at 4.5:1', () => {
    expect(contrast(`teal.${primaryShade.light}`, WHITE)).toBeGreaterThanOrEqual(4.5);
    expect(contrast(`teal.${primaryShade.light}`, LOGIN_TINT)).toBeGreaterThanOrEqual(4.5);
    expect(contrast('teal.9', 'teal.1')).toBeGreaterThanOrEqual(4.5);
    expect(contrast('teal.4', DARK_BODY)).toBeGreaterThanOrEqual(4.5);
  });

  it('shows dimmed text, placeholders and errors at 4.5:1 on the page and on inputs in both modes', () => {
    for (const background of [WHITE, LOGIN_TINT, 'gray.0']) {
      expect(contrast(variables.light['--mantine-color-dimmed'] ?? '', background)).toBeGreaterThanOrEqual(4.5);
    }
    expect(contrast(variables.light['--mantine-color-placeholder'] ?? '', WHITE)).toBeGreaterThanOrEqual(4.5);
    expect(contrast(variables.light['--mantine-color-error'] ?? '', WHITE)).toBeGreaterThanOrEqual(4.5);
    for (const background of [DARK_BODY, DARK_INPUT, 'dark.8']) {
      expect(contrast(variables.dark['--mantine-color-dimmed'] ?? '', background)).toBeGreaterThanOrEqual(4.5);
      expect(contrast(variables.dark['--mantine-color-error'] ?? '', background)).toBeGreaterThanOrEqual(4.5);
    }
    expect(contrast(variables.dark['--mantine-color-placeholder'] ?? '', DARK_INPUT)).toBeGreaterThanOrEqual(4.5);
  });

  it('draws focus rings and input borders at 3:1 against the page in both modes', () => {
    expect(contrast(variables.light['--app-focus-ring'] ?? '', WHITE)).toBeGreaterThanOrEqual(3);
    expect(contrast(variables.dark['--app-focus-ring'] ?? '', DARK_BODY)).toBeGreaterThanOrEqual(3);
    expect(contrast(variables.light['--app-control-border'] ?? '', WHITE)).toBeGreaterThanOrEqual(3);
    expect(contrast(variables.dark['--app-control-border'] ?? '', DARK_BODY)).toBeGreaterThanOrEqual(3);
  });

  it('puts the Devanagari font after the system UI fonts', () => {
    const stack = full.fontFamily ?? '';
    expect(stack.indexOf("'Noto Sans Devanagari'")).toBeGreaterThan(stack.indexOf('Arial'));
    expect(full.headings.fontFamily).toBe(stack);
  });
});
