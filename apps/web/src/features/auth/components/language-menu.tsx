import { ActionIcon, Menu } from '@mantine/core';
import { useLingui } from '@lingui/react';
import { IconLanguage } from '@tabler/icons-react';
import { LANGUAGES, LANGUAGE_NAMES, isLanguage } from '@rescuedesk/shared';
import { useT } from '../../../lib/i18n/use-t';
import { useChooseLanguage } from '../hooks/use-choose-language';

/** The language choice in the shell's top bar; the choice is stored with the account. */
export function LanguageMenu({ className }: { className?: string }) {
  const t = useT();
  const { i18n } = useLingui();
  const choose = useChooseLanguage({ saveToAccount: true });
  const current = isLanguage(i18n.locale) ? LANGUAGE_NAMES[i18n.locale] : '';

  return (
    <Menu position="bottom-end" shadow="md" width={160}>
      <Menu.Target>
        <ActionIcon variant="default" size="lg" className={className} aria-label={t('common.language')} title={t('shell.languageCurrent', { language: current })}>
          <IconLanguage size={18} stroke={1.6} />
        </ActionIcon>
      </Menu.Target>
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
