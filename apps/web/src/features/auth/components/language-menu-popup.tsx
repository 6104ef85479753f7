import { cloneElement } from 'react';
import { Menu } from '@mantine/core';
import { useLingui } from '@lingui/react';
import { LANGUAGES, LANGUAGE_NAMES, isLanguage } from '@rescuedesk/shared';
import { usePopupState, type PopupProps } from '../../../components/ui/popup-on-first-use';
import { useT } from '../../../lib/i18n/use-t';
import { useChooseLanguage } from '../hooks/use-choose-language';

/** The language menu itself (language-menu.tsx draws its trigger until it is first used). */
export default function LanguageMenuPopup({ target, opening }: PopupProps) {
  const t = useT();
  const { i18n } = useLingui();
  const choose = useChooseLanguage({ saveToAccount: true });
  const popup = usePopupState(opening);
  return (
    <Menu position="bottom-end" shadow="md" width={160} opened={popup.opened} onChange={popup.onChange}>
      <Menu.Target>{cloneElement(target, { ref: popup.targetRef })}</Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>{t('common.language')}</Menu.Label>
        <Menu.RadioGroup value={i18n.locale} onChange={(value) => isLanguage(value) && choose(value)}>
          {LANGUAGES.map((language) => (
            <Menu.RadioItem key={language} value={language} closeMenuOnClick lang={language}>
              {LANGUAGE_NAMES[language]}
            </Menu.RadioItem>
          ))}
        </Menu.RadioGroup>
      </Menu.Dropdown>
    </Menu>
  );
}
