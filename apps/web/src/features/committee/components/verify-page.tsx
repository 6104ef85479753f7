import { useState, type FormEvent } from 'react';
import { Alert, Box, Button, Container, Loader, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { VerifyHashInputSchema } from '@rescuedesk/shared';
import { RefusalAlert } from '../../../components/ui/refusal-alert';
import { useT } from '../../../lib/i18n/use-t';
import { useReportVerification } from '../api/verify-report';
import { ContentHash, SignatureLines } from './signature-lines';

/**
 * The public verification page of a signed monthly report (/verify/<id>, printed as a QR on the PDF):
 * no sign-in, no personal data. Says who signed, when, the content hash, whether a newer version
 * replaces it, and checks a hash pasted from a PDF.
 */
export function VerifyPage({ id }: { id: string }) {
  const t = useT();
  const verification = useReportVerification(id);
  const [pasted, setPasted] = useState('');
  const [result, setResult] = useState<{ matches: boolean } | { error: string } | null>(null);
  const title = t('committee.verify.title');

  function check(event: FormEvent) {
    event.preventDefault();
    const parsed = VerifyHashInputSchema.safeParse({ contentHash: pasted });
    if (!parsed.success) setResult({ error: parsed.error.issues[0]?.message ?? '' });
    else setResult({ matches: parsed.data.contentHash === verification.data?.contentHash });
  }

  const v = verification.data;
  return (
    <Container size="sm" px="md" py="lg">
      <title>{title}</title>
      <Title order={1} size="h2" mb="xs">
        {title}
      </Title>
      <Text size="sm" mb="md">
        {t('committee.verify.intro')}
      </Text>
      {verification.isPending ? <Loader size="sm" /> : null}
      <RefusalAlert error={verification.error} />
      {v ? (
        <Stack gap="sm">
          <Paper withBorder p="md">
            <Text fw={600}>{t('committee.verify.report', { ngo: v.ngoName, month: v.month, version: v.version })}</Text>
            <Alert mt="xs" color={v.locked ? 'teal' : 'yellow'}>
              {v.locked ? t('committee.verify.locked') : t('committee.verify.notLocked')}
            </Alert>
            <Box mt="xs">
              <SignatureLines signatures={v.signatures} />
            </Box>
            <ContentHash hash={v.contentHash} />
            <Text size="sm" mt="xs">
              {v.supersededBy ? t('committee.verify.superseded', { version: v.supersededBy.version }) : t('committee.verify.current')}
            </Text>
          </Paper>
          <Paper withBorder p="md" component="form" onSubmit={check}>
            <TextInput label={t('committee.verify.paste')} value={pasted} onChange={(e) => setPasted(e.currentTarget.value)} autoComplete="off" spellCheck={false} error={result && 'error' in result ? result.error : undefined} />
            <Button type="submit" mt="sm" fullWidth>
              {t('committee.verify.check')}
            </Button>
            {result && 'matches' in result ? (
              <Alert mt="sm" role="status" color={result.matches ? 'teal' : 'red'}>
                {result.matches ? t('committee.verify.matches') : t('committee.verify.noMatch')}
              </Alert>
            ) : null}
          </Paper>
        </Stack>
      ) : null}
    </Container>
  );
}
