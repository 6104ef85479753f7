import { useRef, useState } from 'react';
import { ActionIcon, Button, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import { AddPostOpDayInputSchema, optionKey, type PostOpDay } from '@rescuedesk/shared';
import { ImageUploader } from '../../../../components/images/image-uploader';
import { useImageFields } from '../../../../components/images/use-image-fields';
import { ConfirmDialog } from '../../../../components/ui/confirm-dialog';
import { useUnsavedChanges } from '../../../../components/unsaved-changes/use-unsaved-changes';
import { ApiError } from '../../../../lib/api-client';
import { useMe } from '../../../auth/api/get-me';
import { formatDate } from '../../../../lib/i18n/format';
import { useT } from '../../../../lib/i18n/use-t';
import { notifyError, notifySuccess } from '../../../../lib/notify';
import { useAddPostOpDay } from '../../api/add-post-op-day';
import { useDeletePostOpDay } from '../../api/delete-post-op-day';
import { ActionKeys } from '../../api/idempotency';
import { useUpdatePostOpDay } from '../../api/update-post-op-day';
import type { EditedCase } from '../draft-case';
import touch from '../touch-target.module.css';
import fieldClasses from './step-fields.module.css';
import { useCaseSave, useRegisterEntry } from './save-registry';
import { ChoiceField, DateField, LongTextField, TextField } from './step-fields';
import { textOf } from './step-values';

const DayFormSchema = AddPostOpDayInputSchema.omit({ caseId: true });

function valuesOf(day: PostOpDay | null, nextDay: number) {
  return {
    dayNumber: day ? String(day.dayNumber) : String(nextDay),
    logDate: textOf(day?.logDate ?? null),
    woundState: textOf(day?.woundState ?? null),
    appetite: textOf(day?.appetite ?? null),
    temperature: textOf(day?.temperature ?? null),
    medication: textOf(day?.medication ?? null),
    notes: textOf(day?.notes ?? null),
    photos: day?.photos ?? [],
  };
}

/** Whole days from the surgery to today (the surgery's day is day 0); null before a surgery is recorded. */
export function daysSinceSurgery(operationDate: string | null, today = new Date()): number | null {
  if (!operationDate) return null;
  const start = Date.UTC(Number(operationDate.slice(0, 4)), Number(operationDate.slice(5, 7)) - 1, Number(operationDate.slice(8, 10)));
  const now = Date.UTC(today.getFullYear(), today.getMonth(), today.getDate());
  const days = Math.floor((now - start) / 86_400_000);
  return days >= 0 ? days : null;
}

interface DayEditorProps {
  caseRecord: EditedCase & { id: number };
  day: PostOpDay | null;
  nextDay: number;
  onDone: () => void;
}

/**
 * Adding or changing one day of the log: saved on its own, and by the page's Save and Save & Exit
 * too while it holds what was typed; leaving the page with it unsaved asks first.
 */
function DayEditor({ caseRecord, day, nextDay, onDone }: DayEditorProps) {
  const t = useT();
  const form = useForm({ initialValues: valuesOf(day, nextDay) });
  const images = useImageFields(form, caseRecord.ngoId);
  const add = useAddPostOpDay();
  const update = useUpdatePostOpDay();
  const [keys] = useState(() => new ActionKeys());
  const pending = add.isPending || update.isPending;
  const { quiet } = useCaseSave();
  const element = useRef<HTMLDivElement>(null);
  useUnsavedChanges(() => !quiet.current && (form.isDirty() || images.uploading));

  /** The day's fields as the server takes them, showing each problem at its field; null when one is refused. */
  const checked = () => {
    const parsed = DayFormSchema.safeParse(form.getValues());
    if (parsed.success) return parsed.data;
    for (const issue of parsed.error.issues) form.setFieldError(String(issue.path[0]), issue.message);
    return null;
  };
  /** Shows a refusal at the day number when it names it, answering whether it did. */
  const showServerError = (error: unknown) => {
    // A refusing 409 of these routes is always the day number already in the log, in any language.
    if (!(error instanceof ApiError && error.status === 409 && !error.inProgress)) return false;
    form.setFieldError('dayNumber', error.message);
    return true;
  };
  const send = async (values: NonNullable<ReturnType<typeof checked>>) => {
    const snapshot = form.getValues();
    if (day === null) {
      const input = { caseId: caseRecord.id, ...values };
      await add.mutateAsync({ input, idempotencyKey: keys.keyFor('add', input) });
    } else {
      const input = { id: day.id, ...values };
      await update.mutateAsync({ input, idempotencyKey: keys.keyFor('update', input) });
    }
    // Saved: leaving now (Save & Exit) must not ask about it.
    form.resetDirty(snapshot);
  };

  useRegisterEntry({
    step: 'postOperationDetail',
    isDirty: () => form.isDirty(),
    uploading: () => images.uploading,
    validate: () => checked() !== null,
    element: () => element.current,
    showServerError,
    save: async () => {
      const values = checked();
      if (values === null) return false;
      await send(values);
      onDone();
      return true;
    },
  });

  const save = () => {
    const values = checked();
    if (values === null) return;
    send(values).then(
      () => {
        notifySuccess(t('cases.log.saved', { day: values.dayNumber }));
        onDone();
      },
      (error: unknown) => {
        if (!showServerError(error)) notifyError(error);
      },
    );
  };

  const input = form.getInputProps;
  const photos = images.field('photos');
  return (
    <Paper withBorder p="sm" radius="md" ref={element}>
      <Stack gap="md">
        <Title order={4}>{day ? t('cases.log.edit', { day: day.dayNumber }) : t('cases.log.addTitle')}</Title>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <TextField label={t('field.dayNumber')} required inputMode="numeric" autoComplete="off" inputProps={input('dayNumber')} />
          <DateField label={t('field.logDate')} inputProps={input('logDate')} />
          <ChoiceField label={t('field.woundState')} options="woundState" inputProps={input('woundState')} />
          <ChoiceField label={t('field.appetite')} options="appetite" inputProps={input('appetite')} />
          <TextField label={t('cases.log.temperatureLabel')} inputMode="decimal" autoComplete="off" inputProps={input('temperature')} />
          <TextField label={t('field.medication')} autoComplete="off" inputProps={input('medication')} />
          <LongTextField label={t('field.postOpNotes')} inputProps={input('notes')} />
        </SimpleGrid>
        <ImageUploader size="md" label={t('field.postOpPhotos')} fieldName="PopPics" maxImages={10} {...photos} />
        {/* Kept in sight above the page's action bar while the day is edited: no scroll past its fields to save it. */}
        <Group className={fieldClasses.dayActions}>
          <Button size="md" loading={pending} disabled={images.uploading} onClick={save}>
            {t('common.save')}
          </Button>
          <Button size="md" variant="default" onClick={onDone}>
            {t('common.cancel')}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}

function DayCard({ day, canChange, onEdit }: { day: PostOpDay; canChange: boolean; onEdit: () => void }) {
  const t = useT();
  const remove = useDeletePostOpDay();
  const [asked, setAsked] = useState(false);
  const [keys] = useState(() => new ActionKeys());
  const facts = [
    day.woundState ? `${t('field.woundState')}: ${t(optionKey('woundState', day.woundState))}` : null,
    day.appetite ? `${t('field.appetite')}: ${t(optionKey('appetite', day.appetite))}` : null,
    day.temperature !== null ? t('cases.log.temperature', { value: day.temperature }) : null,
    day.medication ? `${t('field.medication')}: ${day.medication}` : null,
    day.photos.length > 0 ? t('cases.log.photoCount', { count: day.photos.length }) : null,
  ].filter((fact): fact is string => fact !== null);
  const confirm = () => {
    const input = { id: day.id };
    remove.mutate(
      { input, idempotencyKey: keys.keyFor('delete', input) },
      {
        onSuccess: () => {
          setAsked(false);
          notifySuccess(t('cases.log.deleted', { day: day.dayNumber }));
        },
        onError: (error) => {
          setAsked(false);
          notifyError(error);
        },
      },
    );
  };
  return (
    <Paper withBorder p="sm" radius="md" component="li">
      <Group justify="space-between" wrap="nowrap" align="flex-start">
        <Stack gap={2} style={{ minWidth: 0 }}>
          <Text fw={600}>
            {t('cases.log.day', { day: day.dayNumber })}
            {day.logDate ? ` · ${formatDate(day.logDate)}` : ''}
          </Text>
          {facts.map((fact) => (
            <Text key={fact} size="sm" style={{ overflowWrap: 'anywhere' }}>
              {fact}
            </Text>
          ))}
          {day.notes ? (
            <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
              {day.notes}
            </Text>
          ) : null}
          {day.createdByName ? (
            <Text size="xs" c="dimmed">
              {t('cases.log.by', { name: day.createdByName })}
            </Text>
          ) : null}
        </Stack>
        {canChange ? (
          <Group gap={4} wrap="nowrap">
            <ActionIcon variant="subtle" size="lg" className={touch.target} aria-label={t('cases.log.edit', { day: day.dayNumber })} onClick={onEdit}>
              <IconPencil size={18} />
            </ActionIcon>
            <ActionIcon variant="subtle" color="red" size="lg" className={touch.target} aria-label={t('cases.log.delete', { day: day.dayNumber })} onClick={() => setAsked(true)}>
              <IconTrash size={18} />
            </ActionIcon>
          </Group>
        ) : null}
      </Group>
      {asked ? (
        <ConfirmDialog
          opened={asked}
          title={t('cases.log.delete', { day: day.dayNumber })}
          message={t('cases.log.deleteConfirm', { day: day.dayNumber })}
          confirmLabel={t('common.delete')}
          cancelLabel={t('common.cancel')}
          pending={remove.isPending}
          onConfirm={confirm}
          onCancel={() => setAsked(false)}
        />
      ) : null}
    </Paper>
  );
}

/**
 * The daily post-operative log (docs/product.md#abc-programme-records): the days as a list, each
 * added, changed or deleted on its own (its author, or a Manager and above, changes it).
 */
export function PostOpDays({ caseRecord }: { caseRecord: EditedCase }) {
  const t = useT();
  const me = useMe();
  const [editing, setEditing] = useState<number | 'new' | null>(null);
  const days = caseRecord.postOpDays ?? [];
  const since = daysSinceSurgery(caseRecord.operationDetail.operationDate);
  const nextDay = days.reduce((max, day) => Math.max(max, day.dayNumber), 0) + 1;
  const user = me.data ?? null;
  const canChange = (day: PostOpDay) => user !== null && (user.role !== 'Worker' || day.createdBy === user.id);
  const id = caseRecord.id;

  return (
    <Stack gap="sm">
      <Title order={3} size="h4">
        {t('cases.log.title')}
      </Title>
      {since !== null ? <Text size="sm">{t('cases.abc.daysSinceSurgery', { day: since })}</Text> : null}
      {id === null ? (
        <Text size="sm" c="dimmed">
          {t('cases.log.afterSave')}
        </Text>
      ) : (
        <>
          {days.length === 0 && editing !== 'new' ? (
            <Text size="sm" c="dimmed">
              {t('cases.log.empty')}
            </Text>
          ) : null}
          <Stack gap="xs" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
            {days.map((day) =>
              editing === day.id ? (
                <li key={day.id}>
                  <DayEditor caseRecord={{ ...caseRecord, id }} day={day} nextDay={nextDay} onDone={() => setEditing(null)} />
                </li>
              ) : (
                <DayCard key={day.id} day={day} canChange={canChange(day)} onEdit={() => setEditing(day.id)} />
              ),
            )}
          </Stack>
          {editing === 'new' ? (
            <DayEditor caseRecord={{ ...caseRecord, id }} day={null} nextDay={nextDay} onDone={() => setEditing(null)} />
          ) : (
            <div>
              <Button size="md" variant="light" leftSection={<IconPlus size={18} aria-hidden />} onClick={() => setEditing('new')}>
                {t('cases.log.add')}
              </Button>
            </div>
          )}
        </>
      )}
    </Stack>
  );
}
