import { SegmentedControl } from '@mantine/core';
import { useLingui } from '@lingui/react';
import { LANGUAGES, LANGUAGE_NAMES, isLanguage } from '@rescuedesk/shared';
import { useT } from '../../../lib/i18n/use-t';
import { useChooseLanguage } from '../hooks/use-choose-language';
import classes from './language-switch.module.css';

/**
 * Each language's name in its own script, marked with its language so screen readers say it right.
 * The names are drawn afresh when the language changes (the key): a name laid out before its font
 * had loaded would keep the fallback's empty boxes (Chromium keeps a text's first shaping).
 */
function languageChoices(active: string) {
  return LANGUAGES.map((language) => ({
    value: language,
    label: (
      <span key={active} lang={language}>
        {LANGUAGE_NAMES[language]}
      </span>
    ),
  }));
}

interface LanguageSwitchProps {
  /** Signed in: the choice is also stored with the account (Settings). */
  saveToAccount?: boolean;
  fullWidth?: boolean;
}

/** English / हिन्दी, side by side: on the login page and in Settings. */
export function LanguageSwitch({ saveToAccount = false, fullWidth = false }: LanguageSwitchProps) {
  const t = useT();
  const { i18n } = useLingui();
  const choose = useChooseLanguage({ saveToAccount });
  return (
    <SegmentedControl
      aria-label={t('common.language')}
      data={languageChoices(i18n.locale)}
      value={i18n.locale}
      onChange={(value) => {
        if (isLanguage(value)) choose(value);
      }}
      fullWidth={fullWidth}
      classNames={{ label: classes.label }}
    />
  );
}
