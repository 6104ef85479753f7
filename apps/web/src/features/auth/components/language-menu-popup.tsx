import { useLingui } from '@lingui/react';
import { LANGUAGES, LANGUAGE_NAMES, isLanguage } from '@rescuedesk/shared';
import { ChoiceMenuPopup } from '../../../components/ui/choice-menu-popup';
import type { PopupProps } from '../../../components/ui/popup-on-first-use';
import { useT } from '../../../lib/i18n/use-t';
import { useChooseLanguage } from '../hooks/use-choose-language';

const CHOICES = LANGUAGES.map((language) => ({ value: language, label: LANGUAGE_NAMES[language], lang: language }));

/** The language menu itself (language-menu.tsx draws its trigger until it is first used). */
export default function LanguageMenuPopup({ target, opening }: PopupProps) {
  const t = useT();
  const { i18n } = useLingui();
  const choose = useChooseLanguage({ saveToAccount: true });
  return (
    <ChoiceMenuPopup
      target={target}
      opening={opening}
      label={t('common.language')}
      width={160}
      value={i18n.locale}
      choices={CHOICES}
      onChoose={(value) => {
        if (isLanguage(value)) choose(value);
      }}
    />
  );
}
