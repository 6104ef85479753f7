import { Button, Code, CopyButton, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useT } from '../../../lib/i18n/use-t';

/** Recovery codes, shown once after they are made: copy or print them, then say they are saved. */
export function RecoveryCodesPanel({ codes, onDone }: { codes: readonly string[]; onDone: () => void }) {
  const t = useT();
  return (
    <Paper withBorder radius="md" p="md" bg="light-dark(var(--mantine-color-yellow-0), var(--mantine-color-dark-6))">
      <Stack gap="sm">
        <Title order={3} size="h5">
          {t('auth.twoFactor.section.codesTitle')}
        </Title>
        <Text size="sm">{t('auth.twoFactor.section.codesIntro')}</Text>
        <SimpleGrid cols={2} spacing="xs" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }} aria-label={t('auth.twoFactor.section.codesTitle')}>
          {codes.map((code) => (
            <li key={code}>
              <Code fz="md">{code}</Code>
            </li>
          ))}
        </SimpleGrid>
        <Group gap="xs">
          <CopyButton value={codes.join('\n')}>
            {({ copied, copy }) => (
              <Button variant="light" onClick={copy}>
                {copied ? t('auth.twoFactor.section.copied') : t('auth.twoFactor.section.copy')}
              </Button>
            )}
          </CopyButton>
          <Button variant="light" onClick={() => window.print()}>
            {t('auth.twoFactor.section.print')}
          </Button>
          <Button onClick={onDone}>{t('auth.twoFactor.section.done')}</Button>
        </Group>
      </Stack>
    </Paper>
  );
}
