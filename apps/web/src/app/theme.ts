import { createTheme } from '@mantine/core';

export const theme = createTheme({
  primaryColor: 'teal',
  defaultRadius: 'md',
  breakpoints: {
    // Spec section 9: 500px and narrower is the narrow layout, so `xs` starts just above 500px.
    xs: '31.26em',
    sm: '48em',
    md: '62em',
    lg: '75em',
    xl: '88em',
  },
  headings: { fontWeight: '650' },
});

/** The colour-mode choice survives reloads under this key. */
export const COLOR_SCHEME_STORAGE_KEY = 'rescuedesk-color-scheme';
