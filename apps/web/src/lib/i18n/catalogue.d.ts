/** Catalogues compiled by @lingui/vite-plugin at build time (docs/decisions/008). */
declare module '*.json?lingui' {
  import type { Messages } from '@lingui/core';
  export const messages: Messages;
}
