import { Alert, Anchor, Button, Group, List, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { IconShieldCheck } from '@tabler/icons-react';
import { Link } from 'react-router';
import { SIGNATURE_SLOTS, SLOT_SIGNERS, type Me, type ReportChange, type ReportVersion, type SignatureSlot } from '@rescuedesk/shared';
import { RefusalAlert } from '../../../components/ui/refusal-alert';
import { useT } from '../../../lib/i18n/use-t';
import { notifySuccess } from '../../../lib/notify';
import { useSigning } from '../api/get-signing';
import { useSignReport } from '../api/sign-report';
import { ContentHash, SignatureLines } from './signature-lines';
import classes from './signing-panel.module.css';

type T = ReturnType<typeof useT>;

const slotName = (t: T, slot: SignatureSlot) => t(`committee.slot.${slot}`);
const shown = (value: ReportChange['before']) => (value === null ? '–' : String(value));

function Changes({ changes }: { changes: readonly ReportChange[] }) {
  const t = useT();
  return (
    <List size="sm" spacing={2} className={classes.changes}>
      {changes.map((c) => (
        <List.Item key={c.path}>{t('committee.sign.path', { path: c.path, before: shown(c.before), after: shown(c.after) })}</List.Item>
      ))}
    </List>
  );
}

function VersionCard({ version, superseded }: { version: ReportVersion; superseded: boolean }) {
  const t = useT();
  const status = version.locked ? t('committee.sign.locked') : superseded ? t('committee.sign.superseded') : t('committee.sign.awaiting');
  return (
    <Paper withBorder p="sm" radius="sm">
      <Group justify="space-between" gap="xs" mb={4}>
        <Text fw={600}>{t('committee.sign.version', { version: version.version })}</Text>
        <Text size="sm" fw={600}>
          {status}
        </Text>
      </Group>
      <SignatureLines signatures={version.signatures} />
      <ContentHash hash={version.contentHash} />
      <Anchor component={Link} to={`/verify/${version.id}`} size="sm">
        {t('committee.sign.verify')}
      </Anchor>
      {version.changes.length > 0 ? (
        <>
          <Text size="sm" mt="xs" fw={600}>
            {t('committee.sign.changes')}
          </Text>
          <Changes changes={version.changes} />
        </>
      ) : null}
    </Paper>
  );
}

/**
 * Signing the month's report (docs/reports.md#signing-the-monthly-report): its versions with their
 * signatures, what changed since the newest, and a button for each place the user may still sign.
 */
export function SigningPanel({ me, month, ngoId, ward }: { me: Me; month: string; ngoId?: number | undefined; ward?: string | undefined }) {
  const t = useT();
  const needsNgo = me.role === 'Admin' && ngoId === undefined;
  const input = { month, ...(ngoId ? { ngoId } : {}) };
  const signing = useSigning(input, !needsNgo && !ward);
  const sign = useSignReport();

  let body;
  if (ward) body = <Text size="sm">{t('committee.sign.wholeNgo')}</Text>;
  else if (needsNgo) body = <Text size="sm">{t('committee.sign.chooseNgo')}</Text>;
  else if (signing.isPending) body = <Loader size="sm" />;
  else if (signing.isError) body = <RefusalAlert error={signing.error} />;
  else {
    const data = signing.data;
    const latest = data.versions[0];
    const current = latest && latest.contentHash === data.liveHash ? latest : undefined;
    const served = data.versions.find((v) => v.locked);
    const open = SIGNATURE_SLOTS.filter((slot) => SLOT_SIGNERS[slot].includes(me.role) && !current?.signatures.some((s) => s.slot === slot));
    body = (
      <Stack gap="sm">
        {served ? (
          <Alert color="teal" icon={<IconShieldCheck aria-hidden />}>
            {t('committee.sign.servedFrom', { version: served.version })}
          </Alert>
        ) : null}
        {data.pendingChanges.length > 0 ? (
          <Alert color="yellow">
            {t('committee.sign.pending', { version: (latest?.version ?? 0) + 1 })}
            <Changes changes={data.pendingChanges} />
          </Alert>
        ) : null}
        {data.versions.length === 0 ? <Text size="sm">{t('committee.sign.none')}</Text> : null}
        {data.versions.map((v, i) => (
          <VersionCard key={v.id} version={v} superseded={i > 0} />
        ))}
        {open.length > 0 ? (
          <Stack gap="xs">
            <Text size="xs" className={classes.hash}>
              {t('committee.sign.confirm', { hash: data.liveHash })}
            </Text>
            {open.map((slot) => (
              <Button
                key={slot}
                fullWidth
                loading={sign.isPending && sign.variables.slot === slot}
                onClick={() => sign.mutate({ ...input, slot, contentHash: data.liveHash }, { onSuccess: () => notifySuccess(t('committee.sign.signed')) })}
              >
                {t('committee.sign.signAs', { slot: slotName(t, slot) })}
              </Button>
            ))}
          </Stack>
        ) : null}
        <RefusalAlert error={sign.error} />
      </Stack>
    );
  }
  return (
    <Paper withBorder p="md" mt="lg" className={classes.panel} component="section" aria-labelledby="signing-title">
      <Title order={2} size="h3" id="signing-title" mb="xs">
        {t('committee.sign.title')}
      </Title>
      <Text size="sm" mb="sm">
        {t('committee.sign.intro')}
      </Text>
      {body}
    </Paper>
  );
}
