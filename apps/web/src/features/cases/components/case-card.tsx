import { useRef } from 'react';
import { Button, Flex, Paper, Select, SimpleGrid, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconDeviceFloppy, IconLogout2 } from '@tabler/icons-react';
import { zod4Resolver } from 'mantine-form-zod-resolver';
import { CASE_STATUSES, CASE_TYPES, MORTALITIES, UpdateCaseInputSchema, type Case } from '@rescuedesk/shared';
import { useUnsavedChanges } from '../../../components/unsaved-changes/use-unsaved-changes';
import { useValidationAfterSubmit } from '../../../hooks/use-validation-after-submit';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useUpdateCase } from '../api/update-case';
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
          notifySuccess('Case saved successfully');
          if (exitAfterSave.current) onExit();
        },
        onError: notifyError,
      },
    );
  };

  const input = form.getInputProps;
  return (
    <Paper withBorder radius="md" p={{ base: 'md', xs: 'lg' }}>
      <form
        noValidate
        aria-label="Case"
        onSubmit={(event) => {
          markSubmitted();
          form.onSubmit(save)(event);
        }}
      >
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }} spacing="md">
          <Select size={FIELD_SIZE} label="Type of case" placeholder="Choose" data={[...CASE_TYPES]} allowDeselect={false} withAsterisk {...input('type')} />
          <Select size={FIELD_SIZE} label="Status of Case" data={[...CASE_STATUSES]} allowDeselect={false} {...input('status')} />
          <Select size={FIELD_SIZE} label="Mortality of Case" data={[...MORTALITIES]} allowDeselect={false} {...input('mortality')} />
          <TextInput size={FIELD_SIZE} label="Cause of Failure" autoComplete="off" {...input('causeOfFailure')} />
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
            Save
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
            Save &amp; Exit
          </Button>
        </Flex>
      </form>
    </Paper>
  );
}
