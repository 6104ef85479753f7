import { useEffect, useState, type ReactNode } from 'react';
import { Button, Stack } from '@mantine/core';
import { useLocalStorage } from '@mantine/hooks';
import { IconChevronDown } from '@tabler/icons-react';
import { useT } from '../../../../lib/i18n/use-t';

interface MoreDetailsProps {
  /** The case (null before its first save): the fold is remembered open for it, on this device. */
  caseId: number | null;
  /** Whether a folded field holds a value or an error: the fold then shows, so nothing typed or wrong hides. */
  holds: boolean;
  children: ReactNode;
}

/**
 * What a step's call rarely needs (issue 34: step 1 was four screens on a phone), behind one
 * "More details" button. Opened once for a case, it stays open for that case on this device; a
 * case whose folded fields hold something opens with them shown.
 */
export function MoreDetails({ caseId, holds, children }: MoreDetailsProps) {
  const t = useT();
  const [remembered, setRemembered] = useLocalStorage<boolean>({
    key: `rescuedesk.case-more-details.${caseId ?? 'new'}`,
    defaultValue: false,
    getInitialValueInEffect: false,
  });
  const [openedHere, setOpenedHere] = useState(false);
  // Shown because a field held something, it stays shown when that field is emptied (no fold
  // closing under the thumb): set while rendering, React's way to adjust state to a prop.
  if (holds && !openedHere) setOpenedHere(true);
  // A new case has no id to remember it by until its first save: remembered from then on.
  useEffect(() => {
    if (openedHere && caseId !== null && !remembered) setRemembered(true);
  }, [openedHere, caseId, remembered, setRemembered]);

  if ((caseId !== null && remembered) || openedHere || holds) return <Stack gap="lg">{children}</Stack>;
  return (
    <div>
      <Button variant="subtle" size="md" mih={44} px={4} leftSection={<IconChevronDown size={18} aria-hidden />} aria-expanded={false} onClick={() => setOpenedHere(true)}>
        {t('cases.step.moreDetails')}
      </Button>
    </div>
  );
}
