import { ActionIcon } from '@mantine/core';
import { useLingui } from '@lingui/react';
import { IconLanguage } from '@tabler/icons-react';
import { LANGUAGE_NAMES, isLanguage } from '@rescuedesk/shared';
import { PopupOnFirstUse } from '../../../components/ui/popup-on-first-use';
import { useT } from '../../../lib/i18n/use-t';

const loadPopup = () => import('./language-menu-popup');

/** The language choice in the shell's top bar; the choice is stored with the account. */
export function LanguageMenu({ className }: { className?: string }) {
  const t = useT();
  const { i18n } = useLingui();
  const current = isLanguage(i18n.locale) ? LANGUAGE_NAMES[i18n.locale] : '';
  return (
    <PopupOnFirstUse
      load={loadPopup}
      kind="menu"
      target={(loading) => (
        <ActionIcon variant="default" size="lg" className={className} loading={loading} aria-label={t('common.language')} title={t('shell.languageCurrent', { language: current })}>
          <IconLanguage size={18} stroke={1.6} />
        </ActionIcon>
      )}
    />
  );
}
