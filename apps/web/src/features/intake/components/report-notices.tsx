import { List, Stack, Text } from '@mantine/core';
import type { ReportNotices, Translate } from '@rescuedesk/shared';

/**
 * The messages sent to a report's citizen reporter (docs/citizen-reports.md#notices): which
 * milestone, by what, and when it went. The server sends no phone number with them.
 */
export function ReportNoticesList({ notices, t }: { notices: ReportNotices; t: Translate }) {
  const when = (iso: string) => new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso));
  return (
    <Stack gap={2} mt="sm" component="section" aria-label={t('notices.staff.title')}>
      <Text size="sm" fw={700}>
        {t('notices.staff.title')}
      </Text>
      {notices.channel === null ? <Text size="sm">{t('notices.staff.none')}</Text> : null}
      {notices.channel !== null && notices.list.length === 0 ? <Text size="sm">{t('notices.staff.nothingYet')}</Text> : null}
      {notices.list.length > 0 ? (
        <List size="sm" spacing={2}>
          {notices.list.map((notice) => (
            <List.Item key={notice.milestone}>
              {`${t(`notices.milestone.${notice.milestone}`)} · ${t(`notices.channel.${notice.channel}`)} · ${t(`notices.status.${notice.status}`)}`}
              {notice.sentAt ? (
                <>
                  {' · '}
                  <time dateTime={notice.sentAt}>{when(notice.sentAt)}</time>
                </>
              ) : null}
            </List.Item>
          ))}
        </List>
      ) : null}
      {notices.stoppedAt ? <Text size="sm">{t('notices.staff.stopped', { date: when(notices.stoppedAt) })}</Text> : null}
    </Stack>
  );
}
