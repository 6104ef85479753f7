import { describe, expect, it } from 'vitest';
import { renderHook, waitFor } from '@testing-library/react';
import { activateLanguage, i18n, languageInPlace } from '../../../lib/i18n/i18n';
import { messages } from '../../../lib/i18n/catalogues/en';
import { useAccountLanguage } from './use-account-language';

describe("the account's language", () => {
  it('is in place at once when the app has already activated it, so the shell is drawn without a loader first', async () => {
    await activateLanguage('en');
    expect(languageInPlace('en')).toBe(true);
    expect(languageInPlace('hi')).toBe(false);

    const answers: boolean[] = [];
    renderHook(() => {
      const ready = useAccountLanguage('en');
      answers.push(ready);
      return ready;
    });
    expect(answers[0]).toBe(true);
  });

  it('is waited for when another language is active, and then in place', async () => {
    // Another language's activation has begun (its catalogue switched in): English is no longer in place.
    i18n.loadAndActivate({ locale: 'hi', messages });
    expect(languageInPlace('en')).toBe(false);
    expect(languageInPlace('hi')).toBe(false);

    const answers: boolean[] = [];
    const { result } = renderHook(() => {
      const ready = useAccountLanguage('en');
      answers.push(ready);
      return ready;
    });
    expect(answers[0]).toBe(false);
    await waitFor(() => expect(result.current).toBe(true));
    expect(i18n.locale).toBe('en');
    expect(languageInPlace('en')).toBe(true);
  });
});
