import { createTheme, type CSSVariablesResolver, type MantineColorsTuple } from '@mantine/core';
import { t } from '../lib/i18n/i18n';
import classes from './theme.module.css';

/**
 * Mantine's teal with shades 7 to 9 one step darker. The filled colour (shade 8, in both colour
 * modes) carries white text at 5.0:1 and links on white read at 5.0:1 (Mantine's teal 6 gave 2.55:1);
 * the light variant's text (shade 9 on shade 1, the active menu entry) reads at 6.0:1.
 */
const TEAL: MantineColorsTuple = ['#e6fcf5', '#c3fae8', '#96f2d7', '#63e6be', '#38d9a9', '#20c997', '#12b886', '#099268', '#087f5b', '#066649'];

/**
 * The system's own UI font for Latin text; Devanagari has no glyphs there, so the browser falls back
 * to the self-hosted Noto Sans Devanagari (loaded with the Hindi catalogue) before a generic sans-serif.
 */
const FONT_FAMILY =
  "-apple-system, BlinkMacSystemFont, 'Segoe UI', Roboto, Helvetica, Arial, 'Noto Sans Devanagari', sans-serif, 'Apple Color Emoji', 'Segoe UI Emoji'";

export const theme = createTheme({
  colors: { teal: TEAL },
  primaryColor: 'teal',
  primaryShade: { light: 8, dark: 8 },
  defaultRadius: 'md',
  // Dialogs, drawers and menus appear without their fade for people who ask their system for less motion.
  respectReducedMotion: true,
  fontFamily: FONT_FAMILY,
  breakpoints: {
    // docs/product.md#layout: 500px and narrower is the narrow layout, so `xs` starts just above 500px.
    xs: '31.26em',
    sm: '48em',
    md: '62em',
    lg: '75em',
    xl: '88em',
  },
  headings: { fontFamily: FONT_FAMILY, fontWeight: '650' },
  components: {
    // Every input: a 3:1 border, a 2 px focus ring, and 44 px tall on phones (theme.module.css).
    Input: { classNames: { wrapper: classes.inputWrapper, input: classes.input, section: classes.inputSection } },
    // Names are read at render (defaultProps as functions), so they follow the language.
    // The show/hide toggle is reachable with Tab, named, and says whether the password shows (aria-pressed).
    PasswordInput: {
      defaultProps: () => ({ visibilityToggleFocusable: true, visibilityToggleButtonProps: { 'aria-label': t('common.showPassword') } }),
      classNames: { visibilityToggle: classes.visibilityToggle },
    },
    // A dialog's header is not a second page banner: the page has one, the shell's top bar.
    ModalHeader: { defaultProps: { component: 'div' } },
    DrawerHeader: { defaultProps: { component: 'div' } },
    // Every dialog's X is named, even where a dialog passes no closeButtonProps, and 44 px on phones.
    ModalCloseButton: { defaultProps: () => ({ 'aria-label': t('common.close') }) },
    DrawerCloseButton: { defaultProps: () => ({ 'aria-label': t('common.close') }) },
    // A toast's X too (every toast may be closed).
    Notification: { defaultProps: () => ({ closeButtonProps: { 'aria-label': t('common.close') } }), classNames: { description: classes.notificationDescription } },
    Modal: { classNames: { close: classes.touchTarget } },
    Drawer: { classNames: { close: classes.touchTarget } },
  },
});

/**
 * Text colours that reach 4.5:1 on the page, on inputs and on the login page's tinted background
 * in both modes (Mantine's dimmed gray 6 was 3.3:1 on white, its placeholder 2.1:1, its error red 6
 * 3.3:1), and a focus ring colour that reaches 3:1 against the dark background too.
 */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: {
    '--mantine-color-dimmed': '#646b72',
    '--mantine-color-placeholder': '#6c737a',
    '--mantine-color-error': 'var(--mantine-color-red-9)',
    '--app-focus-ring': 'var(--mantine-color-teal-8)',
    '--app-control-border': 'var(--mantine-color-gray-6)',
  },
  dark: {
    '--mantine-color-dimmed': '#a3a3a3',
    '--mantine-color-placeholder': '#999999',
    '--mantine-color-error': 'var(--mantine-color-red-5)',
    '--app-focus-ring': 'var(--mantine-color-teal-4)',
    '--app-control-border': 'var(--mantine-color-dark-2)',
  },
});
