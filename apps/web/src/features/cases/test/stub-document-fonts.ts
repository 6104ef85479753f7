/**
 * jsdom has no document.fonts, which Mantine's autosizing Textarea listens to on mount. (Could move
 * to apps/web/test/setup.ts once more features use autosize.)
 */
export function stubDocumentFonts(): void {
  if ('fonts' in document && document.fonts) return;
  Object.defineProperty(document, 'fonts', {
    configurable: true,
    value: { addEventListener: () => {}, removeEventListener: () => {}, ready: Promise.resolve() },
  });
}
