import { lazy, Suspense, useState } from 'react';
import { Button, Loader } from '@mantine/core';
import { IconHistory } from '@tabler/icons-react';
import { useT } from '../../../lib/i18n/use-t';

// The timeline and its formatting come in their own chunk, fetched only when the user asks for it.
const CaseTimeline = lazy(() => import('./case-timeline'));

/** "Show case history" under the steps: the case's changes are fetched and shown only once asked for. */
export function TimelineLauncher({ caseId, ngoId, version }: { caseId: number; ngoId: number | null; version: string }) {
  const t = useT();
  const [shown, setShown] = useState(false);
  if (!shown) {
    return (
      <div>
        <Button variant="subtle" size="md" px={4} mt="md" leftSection={<IconHistory size={18} aria-hidden />} onClick={() => setShown(true)}>
          {t('cases.timeline.show')}
        </Button>
      </div>
    );
  }
  return (
    <Suspense fallback={<Loader size="sm" mt="xl" aria-label={t('cases.timeline.loading')} />}>
      <CaseTimeline caseId={caseId} ngoId={ngoId} version={version} />
    </Suspense>
  );
}
