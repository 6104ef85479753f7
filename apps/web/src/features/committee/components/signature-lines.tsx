import { Stack, Text } from '@mantine/core';
import { SIGNATURE_SLOTS, type ReportSignature } from '@rescuedesk/shared';
import { formatDateTime } from '../../../lib/i18n/format';
import { useT } from '../../../lib/i18n/use-t';
import classes from './signing-panel.module.css';

/** The three places of a version, each with who signed it and when (their designation, or the place's name), or "Not signed yet". */
export function SignatureLines({ signatures }: { signatures: ReadonlyArray<Omit<ReportSignature, 'contentHash'>> }) {
  const t = useT();
  return (
    <Stack gap={4}>
      {SIGNATURE_SLOTS.map((slot) => {
        const s = signatures.find((sig) => sig.slot === slot);
        const place = t(`committee.slot.${slot}`);
        return (
          <Text key={slot} size="sm">
            <Text span fw={600}>
              {place}
            </Text>
            {': '}
            {s ? t('committee.sign.signedBy', { name: s.name, designation: s.designation || place, time: formatDateTime(s.signedAt) }) : t('committee.sign.unsigned')}
          </Text>
        );
      })}
    </Stack>
  );
}

/** A version's content hash under its label; the 64 characters wrap rather than widen a phone's screen. */
export function ContentHash({ hash }: { hash: string }) {
  const t = useT();
  return (
    <>
      <Text size="xs" mt="xs" c="dimmed">
        {t('committee.sign.hash')}
      </Text>
      <Text size="xs" ff="monospace" className={classes.hash}>
        {hash}
      </Text>
    </>
  );
}
