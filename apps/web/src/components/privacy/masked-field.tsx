import { Box, Button, Group, TextInput } from '@mantine/core';
import { IconEye, IconMail, IconPhone } from '@tabler/icons-react';
import { useT } from '../../lib/i18n/use-t';


interface MaskedFieldProps {
  /** Already in the user's language. */
  label: string;
  /** The masked value the server sent ('+91 98xxx xx345'), or the value in full once revealed. */
  value: string;
  revealed: boolean;
  kind: 'phone' | 'email';
  required?: boolean;
  revealing: boolean;
  onReveal: () => void;
  /** Why it is masked, already in the user's language; by default, the case's reason. */
  hint?: string;
}

/**
 * A reporter's phone or email sent masked, because the user does not work on this case or did not
 * add this directory reporter (docs/privacy.md#who-sees-what): shown as sent, read-only, with Reveal
 * beside it. Revealing asks the server for the value in full, which logs the look; then the button
 * calls or writes to it.
 */
export function MaskedField({ label, value, revealed, kind, required = false, revealing, onReveal, hint }: MaskedFieldProps) {
  const t = useT();
  const action = revealed ? (
    <Button
      component="a"
      href={`${kind === 'phone' ? 'tel' : 'mailto'}:${value.replace(/\s/g, '')}`}
      size="md"
      mih={44}
      variant="light"
      leftSection={kind === 'phone' ? <IconPhone size={18} aria-hidden /> : <IconMail size={18} aria-hidden />}
    >
      {t(kind === 'phone' ? 'privacy.call' : 'privacy.write')}
    </Button>
  ) : (
    <Button size="md" mih={44} variant="light" leftSection={<IconEye size={18} aria-hidden />} loading={revealing} onClick={onReveal} aria-label={t('privacy.revealLabel', { field: label })}>
      {t('privacy.reveal')}
    </Button>
  );
  return (
    <TextInput
      size="md"
      label={label}
      withAsterisk={required}
      value={value}
      readOnly
      description={revealed ? undefined : (hint ?? t('privacy.maskedHint'))}
      inputContainer={(input) => (
        <Group gap="xs" wrap="nowrap" align="center">
          <Box flex={1} miw={0}>
            {input}
          </Box>
          {action}
        </Group>
      )}
    />
  );
}
