import { useState } from 'react';
import { Badge, Button, Group, Loader, Paper, Stack, Text, Title, UnstyledButton } from '@mantine/core';
import { CASE_REPORTER_FIELDS, CASE_STEP_TABLE, IDENTITY_VIEW_ACTION, OPTION_SET_OF_CASE_FIELD, imageUrl, optionKey, stepAction, type FieldChange, type MessageKey, type TimelineEntry, type TimelineValue, type Translate } from '@rescuedesk/shared';
import { ImageThumbnail } from '../../../components/images/image-thumbnail';
import { ImageViewer } from '../../../components/images/image-viewer';
import { formatDate, formatDateTime } from '../../../lib/i18n/format';
import { useT } from '../../../lib/i18n/use-t';
import { staffComing, staffMemberName, useCaseStaff } from '../api/get-case-staff';
import { useCaseTimeline } from '../api/get-case-timeline';
import { roleLabel } from './option-data';
import classes from './case-timeline.module.css';


/** Fields holding image file names: shown as "photo added/removed" with the photo, never as values. */
const IMAGE_FIELDS: ReadonlySet<string> = new Set([
  ...CASE_STEP_TABLE.flatMap((step) => Object.entries(step.fields).filter(([, f]) => f.kind === 'image' || f.kind === 'imageList').map(([name]) => name)),
  'photos',
]);

const STEP_OF_ACTION: Readonly<Record<string, MessageKey>> = Object.fromEntries(CASE_STEP_TABLE.map((step) => [stepAction(step.key), step.labelKey as MessageKey]));
const ACTIONS = new Set(['create', 'update', 'delete', 'restore', 'deleteImage', 'addPostOpDay', 'updatePostOpDay', 'deletePostOpDay', IDENTITY_VIEW_ACTION]);

/** The entry that says a reporter's data was emptied by retention or an erasure (docs/decisions/024). */
const EMPTY_REPORTER_ACTION = 'emptyReporter';
const REPORTER_FIELDS: ReadonlySet<string> = new Set(CASE_REPORTER_FIELDS);

function actionText(t: Translate, action: string): string {
  if (action === EMPTY_REPORTER_ACTION) return t('privacy.timeline.action');
  const step = STEP_OF_ACTION[action];
  if (step) return t('cases.timeline.action.step', { step: t(step) });
  return ACTIONS.has(action) ? t(`cases.timeline.action.${action}` as MessageKey) : t('cases.timeline.action.other');
}

function emptiedText(t: Translate, emptied: NonNullable<TimelineEntry['emptied']>): string {
  if (emptied.by === 'erasure') return t('privacy.timeline.byErasure', { id: emptied.ref });
  if (emptied.by === 'retention') return t('privacy.timeline.byRetention', { day: formatDate(emptied.ref) });
  return t('privacy.timeline.byEarlier', { day: formatDateTime(emptied.ref) });
}

/** 'postOpDays.3.woundState' -> day 3 and woundState; 'animalGender' -> no day. */
function splitField(field: string): { day: string | null; name: string } {
  const match = /^postOpDays\.(\d+)\.(.+)$/.exec(field);
  return match ? { day: match[1] ?? null, name: match[2] ?? field } : { day: null, name: field };
}

function fieldLabel(t: Translate, field: string): string {
  const { day, name } = splitField(field);
  const key = (name === 'notes' ? 'field.postOpNotes' : name === 'photos' ? 'field.postOpPhotos' : `field.${name}`) as MessageKey;
  const translated = t(key);
  const label = translated === key ? name : translated;
  return day === null ? label : t('cases.timeline.logField', { day, field: label });
}

const DATE_VALUE = /^\d{4}-\d{2}-\d{2}$/;

function valueText(t: Translate, field: string, value: TimelineValue, staff: ReadonlyMap<number, string>): string {
  if (value === null || value === '' || (Array.isArray(value) && value.length === 0)) return t('cases.timeline.none');
  if (typeof value === 'boolean') return t(optionKey('yesNo', value ? 'Yes' : 'No'));
  const { name } = splitField(field);
  // The vet's directory link: whether the name came from the directory, not its internal number.
  if (name === 'vetId') return t('common.yes');
  if (Array.isArray(value)) return value.map((item) => (typeof item === 'number' ? staffMemberName(t, staff, item) : item)).join(', ');
  if (typeof value === 'number') return String(value);
  const set = OPTION_SET_OF_CASE_FIELD[name];
  if (set) {
    const key = `option.${set}.${value}` as MessageKey;
    const label = t(key);
    return label === key ? value : label;
  }
  return DATE_VALUE.test(value) ? formatDate(value) : value;
}

const names = (value: TimelineValue): string[] => (Array.isArray(value) ? value.map(String) : typeof value === 'string' && value !== '' ? [value] : []);

/** A line of an entry: a change in words, and for a photo added or removed, the photo's stored name and its field. */
interface Line {
  text: string;
  photo?: { name: string; field: string };
}

/** One change in words: old -> new, or each photo added and removed, shown as a thumbnail. */
function changeLines(t: Translate, entry: TimelineEntry, change: FieldChange, staff: ReadonlyMap<number, string>): Line[] {
  const { action } = entry;
  const label = fieldLabel(t, change.field);
  if (entry.emptied && REPORTER_FIELDS.has(change.field)) return [{ text: t('privacy.timeline.value', { field: label }) }];
  if (action === IDENTITY_VIEW_ACTION) return [{ text: t('cases.timeline.viewed', { field: label, name: names(change.to).join(', ') }) }];
  if (IMAGE_FIELDS.has(splitField(change.field).name)) {
    const before = names(change.from);
    const after = names(change.to);
    return [
      ...after.filter((n) => !before.includes(n)).map((name) => ({ text: t('cases.timeline.photoAdded', { field: label }), photo: { name, field: label } })),
      ...before.filter((n) => !after.includes(n)).map((name) => ({ text: t('cases.timeline.photoRemoved', { field: label }), photo: { name, field: label } })),
    ];
  }
  return [{ text: t('cases.timeline.change', { field: label, from: valueText(t, change.field, change.from, staff), to: valueText(t, change.field, change.to, staff) }) }];
}

/**
 * A photo of the timeline as a thumbnail that opens it at full size (the image routes check that the
 * user may see the case's NGO). A photo since deleted from the store shows as a crossed-out photo.
 */
function TimelinePhoto({ ngoId, name, field, onOpen }: { ngoId: number | null; name: string; field: string; onOpen: (name: string, field: string) => void }) {
  const t = useT();
  return (
    <UnstyledButton className={classes.thumb} onClick={() => onOpen(name, field)} aria-label={t('cases.timeline.openPhoto', { field })}>
      <ImageThumbnail src={imageUrl(ngoId, name, 192)} alt={field} />
    </UnstyledButton>
  );
}

/** More apart than this, the time a change was made on the device and its arrival mark it as entered offline. */
const OFFLINE_GAP_MS = 60_000;

function enteredOffline(entry: TimelineEntry): boolean {
  return entry.madeAt !== null && Math.abs(Date.parse(entry.at) - Date.parse(entry.madeAt)) > OFFLINE_GAP_MS;
}

function Entry({ entry, staff, ngoId, onOpenPhoto }: { entry: TimelineEntry; staff: ReadonlyMap<number, string>; ngoId: number | null; onOpenPhoto: (name: string, field: string) => void }) {
  const t = useT();
  const who = entry.actorName ? (entry.actorRole ? t('cases.timeline.who', { name: entry.actorName, role: roleLabel(t, entry.actorRole) }) : entry.actorName) : t('cases.timeline.someone');
  const lines = entry.changes.flatMap((change) => changeLines(t, entry, change, staff));
  return (
    <Paper component="li" withBorder p="sm" radius="md">
      <Text fw={600} size="sm">
        {actionText(t, entry.action)}
      </Text>
      {enteredOffline(entry) && entry.madeAt ? (
        <Group gap={6} align="center">
          <Text size="xs" c="dimmed">
            {who} · {t('cases.timeline.madeAndArrived', { made: formatDateTime(entry.madeAt), arrived: formatDateTime(entry.at) })}
          </Text>
          <Badge size="sm" variant="light" color="orange" radius="sm" tt="none">
            {t('cases.timeline.enteredOffline')}
          </Badge>
        </Group>
      ) : (
        <Text size="xs" c="dimmed">
          {who} · {formatDateTime(entry.at)}
        </Text>
      )}
      {entry.emptied ? (
        <Text size="xs" c="dimmed">
          {emptiedText(t, entry.emptied)}
        </Text>
      ) : null}
      {lines.length > 0 ? (
        <Stack component="ul" gap={2} mt={6} style={{ paddingInlineStart: 18, margin: 0 }}>
          {lines.map((line, index) =>
            line.photo ? (
              <li key={index} className={classes.photoLine}>
                <Group gap="xs" wrap="nowrap">
                  <TimelinePhoto ngoId={ngoId} name={line.photo.name} field={line.photo.field} onOpen={onOpenPhoto} />
                  <Text size="sm">{line.text}</Text>
                </Group>
              </li>
            ) : (
              <Text component="li" size="sm" key={index} style={{ overflowWrap: 'anywhere' }}>
                {line.text}
              </Text>
            ),
          )}
        </Stack>
      ) : null}
    </Paper>
  );
}

/**
 * The case timeline (docs/product.md#the-case-timeline): every change newest first, who made it
 * (name and role), when, each field with its old and new value; photos as thumbnails, added or
 * removed, each opening at full size. A page at a time, "Load more" asks the next. Its own chunk,
 * loaded when asked for.
 */
export default function CaseTimeline({ caseId, ngoId, version }: { caseId: number; ngoId: number | null; version: string }) {
  const t = useT();
  const [viewing, setViewing] = useState<{ name: string; field: string } | null>(null);
  const timeline = useCaseTimeline(caseId, version);
  const staff = useCaseStaff(caseId);
  const staffNames = new Map((staff.data ?? []).map((member) => [member.id, member.name]));
  const entries = timeline.data?.pages.flatMap((page) => page.data) ?? [];

  return (
    <Stack gap="sm" mt="xl">
      <Title order={2} size="h4">
        {t('cases.timeline.title')}
      </Title>
      {/* The squad's names come with the entries: online they are waited for, not shown as a stand-in first. */}
      {timeline.isPending || staffComing(staff) ? (
        <Loader size="sm" aria-label={t('cases.timeline.loading')} />
      ) : timeline.isError && entries.length === 0 ? (
        <Text size="sm" c="red.8">
          {t('cases.timeline.failed')}
        </Text>
      ) : entries.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('cases.timeline.empty')}
        </Text>
      ) : (
        <Stack component="ol" gap="xs" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
          {entries.map((entry) => (
            <Entry key={entry.id} entry={entry} staff={staffNames} ngoId={ngoId} onOpenPhoto={(name, field) => setViewing({ name, field })} />
          ))}
        </Stack>
      )}
      {timeline.hasNextPage ? (
        <div>
          <Button size="md" variant="light" loading={timeline.isFetchingNextPage} onClick={() => void timeline.fetchNextPage()}>
            {t('cases.timeline.loadMore')}
          </Button>
        </div>
      ) : null}
      <ImageViewer src={viewing ? imageUrl(ngoId, viewing.name) : null} title={viewing?.field ?? ''} onClose={() => setViewing(null)} />
    </Stack>
  );
}
