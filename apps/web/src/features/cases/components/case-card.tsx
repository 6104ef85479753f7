import { useRef } from 'react';
import { Button, Flex, Paper, Select, SimpleGrid, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconDeviceFloppy, IconLogout2 } from '@tabler/icons-react';
import { zod4Resolver } from 'mantine-form-zod-resolver';
import { UpdateCaseInputSchema, type Case } from '@rescuedesk/shared';
import { useUnsavedChanges } from '../../../components/unsaved-changes/use-unsaved-changes';
import { useValidationAfterSubmit } from '../../../hooks/use-validation-after-submit';
import { useT } from '../../../lib/i18n/use-t';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useUpdateCase } from '../api/update-case';
import { optionData } from './option-data';
import { FIELD_SIZE, changedFields, textOf } from './steps/step-values';

const CardSchema = UpdateCaseInputSchema.omit({ caseId: true });
const validate = zod4Resolver(CardSchema, { errorPriority: 'first' });

type CardValues = {
  type: string | null;
  status: string;
  mortality: string;
  causeOfFailure: string;
};

interface CaseCardProps {
  caseRecord: Case;
  onExit: () => void;
}

/** The top card of the case page: type, status, mortality and cause of failure, with Save and Save & Exit. */
export function CaseCard({ caseRecord, onExit }: CaseCardProps) {
  const t = useT();
  const form = useForm<CardValues>({
    initialValues: {
      type: caseRecord.type,
      status: caseRecord.status,
      mortality: caseRecord.mortality,
      causeOfFailure: textOf(caseRecord.causeOfFailure),
    },
    validate,
  });
  const { markSubmitted } = useValidationAfterSubmit(form);
  const updateCase = useUpdateCase();
  const exitAfterSave = useRef(false);
  useUnsavedChanges(() => form.isDirty());

  const save = (values: CardValues) => {
    const parsed = CardSchema.parse(values);
    updateCase.mutate(
      { caseId: caseRecord.id, ...changedFields(parsed, caseRecord) },
      {
        onSuccess: () => {
          form.resetDirty(values);
          notifySuccess(t('cases.common.saved'));
          if (exitAfterSave.current) onExit();
        },
        onError: notifyError,
      },
    );
  };

  const input = form.getInputProps;
  // Outside the markup, where the lint rule on literal text would take the field names for text.
  const fields = { type: input('type'), status: input('status'), mortality: input('mortality'), causeOfFailure: input('causeOfFailure') };
  return (
    <Paper withBorder radius="md" p={{ base: 'md', xs: 'lg' }}>
      <form
        noValidate
        aria-label={t('cases.card.label')}
        onSubmit={(event) => {
          markSubmitted();
          form.onSubmit(save)(event);
        }}
      >
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }} spacing="md">
          <Select size={FIELD_SIZE} label={t('field.type')} placeholder={t('common.choose')} data={optionData(t, 'caseType')} allowDeselect={false} withAsterisk {...fields.type} />
          <Select size={FIELD_SIZE} label={t('field.status')} data={optionData(t, 'status')} allowDeselect={false} {...fields.status} />
          <Select size={FIELD_SIZE} label={t('field.mortality')} data={optionData(t, 'mortality')} allowDeselect={false} {...fields.mortality} />
          <TextInput size={FIELD_SIZE} label={t('field.causeOfFailure')} autoComplete="off" {...fields.causeOfFailure} />
        </SimpleGrid>
        <Flex direction={{ base: 'column', xs: 'row' }} justify="flex-end" gap="sm" mt="md">
          <Button
            type="submit"
            size="md"
            leftSection={<IconDeviceFloppy size={18} />}
            loading={updateCase.isPending}
            onClick={() => {
              exitAfterSave.current = false;
            }}
          >
            {t('common.save')}
          </Button>
          <Button
            type="submit"
            size="md"
            variant="light"
            leftSection={<IconLogout2 size={18} />}
            loading={updateCase.isPending}
            onClick={() => {
              exitAfterSave.current = true;
            }}
          >
            {t('common.saveAndExit')}
          </Button>
        </Flex>
      </form>
    </Paper>
  );
}
