import { useState, type ReactNode } from 'react';
import { Alert, Anchor, Button } from '@mantine/core';
import { Link, useLocation } from 'react-router';
import { formatDayMonthYearTime } from '../../../lib/i18n/format';
import { useT } from '../../../lib/i18n/use-t';
import { useTwoFactor } from '../api/two-factor';

const DAY_MS = 24 * 60 * 60 * 1000;
/** Where the set-up is (the settings page's two-factor section). */
const SET_UP_PATH = '/settings';
const SET_UP_LINK = `${SET_UP_PATH}#two-factor-title`;
/** The alerts' titles in the text colour: Mantine's yellow and red titles on their light fills are below 4.5:1 (axe, e2e/a11y.spec.ts). */
const READABLE_TITLE = { title: { color: 'var(--mantine-color-text)' } };

/**
 * Above every signed-in page: someone who must use two-factor sign-in and has not set it up is
 * asked to, with the days left. Past the due date the server answers only the set-up, so every
 * page but Settings (where the set-up is) is replaced by the request to set it up
 * (docs/security.md#two-factor-sign-in). Someone whose two-factor sign-in an Admin or Founder
 * reset (a lost phone) is told so until they set it up again. The set-up itself is not imported here: its forms bring
 * the shared schemas, which the first screens must not load.
 */
export function TwoFactorGate({ children }: { children: ReactNode }) {
  const t = useT();
  const { pathname } = useLocation();
  const { data } = useTwoFactor();
  // Days are counted from when the page opened: a prompt that ticks down while one works helps no one.
  const [openedAt] = useState(Date.now);
  if (data?.overdue) {
    const onSetUp = pathname === SET_UP_PATH;
    return (
      <>
        <Alert color="red" variant="light" mb="md" title={t('auth.twoFactor.prompt.title')} styles={READABLE_TITLE}>
          {t('auth.twoFactor.prompt.overdue')}
          {!onSetUp && (
            <Button component={Link} to={SET_UP_LINK} display="block" mt="sm">
              {t('auth.twoFactor.prompt.action')}
            </Button>
          )}
        </Alert>
        {onSetUp && children}
      </>
    );
  }
  const daysLeft = data?.required && !data.enabled && data.dueAt ? Math.max(1, Math.ceil((Date.parse(data.dueAt) - openedAt) / DAY_MS)) : null;
  const resetAt = data && !data.enabled ? data.resetAt : null;
  return (
    <>
      {(daysLeft !== null || resetAt) && (
        <Alert color="yellow" variant="light" mb="md" title={t('auth.twoFactor.prompt.title')} styles={READABLE_TITLE}>
          {resetAt && <>{t('auth.twoFactor.prompt.wasReset', { date: formatDayMonthYearTime(resetAt) })} </>}
          {daysLeft !== null && <>{t('auth.twoFactor.prompt.daysLeft', { days: daysLeft })} </>}
          {/* In the text colour, underlined: the app's teal on the yellow fill is just under 4.5:1. */}
          <Anchor component={Link} to={SET_UP_LINK} c="var(--mantine-color-text)" underline="always" fw={600}>
            {t('auth.twoFactor.prompt.action')}
          </Anchor>
        </Alert>
      )}
      {children}
    </>
  );
}
