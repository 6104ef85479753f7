import { useEffect, useRef } from 'react';
import { Button, Flex, Modal, Select, Stack, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { zod4Resolver } from 'mantine-form-zod-resolver';
import { CASE_STATUSES, CASE_TYPES, CreateCaseInputSchema, MORTALITIES, type Me } from '@rescuedesk/shared';
import { useNgoChoices } from '../../../lib/ngo-choices';
import { notifyError } from '../../../lib/notify';
import { useCreateCase, type CreatedCase } from '../api/create-case';

const validate = zod4Resolver(CreateCaseInputSchema, { errorPriority: 'first' });

type AddCaseValues = {
  type: string | null;
  status: string;
  mortality: string;
  ngoId: string | null;
};

const INITIAL: AddCaseValues = { type: null, status: 'Reported', mortality: 'Healthy', ngoId: null };

/** A key the server uses to answer a retried create with the case the first attempt made. */
function newRequestKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

interface AddCaseDialogProps {
  opened: boolean;
  onClose: () => void;
  me: Me;
  onCreated: (created: CreatedCase) => void;
}

/** 'Add New Case': type, status and mortality (and the NGO, for an Admin); Next creates the case. */
export function AddCaseDialog({ opened, onClose, me, onCreated }: AddCaseDialogProps) {
  const isAdmin = me.role === 'Admin';
  const form = useForm<AddCaseValues>({ initialValues: INITIAL, validate });
  const createCase = useCreateCase();
  const ngos = useNgoChoices('', isAdmin && opened);
  const requestKey = useRef<string | null>(null);

  const ngoOptions = (ngos.data?.data ?? []).map((ngo) => ({ value: String(ngo.id), label: ngo.name }));
  const onlyNgo = ngoOptions.length === 1 ? ngoOptions[0]?.value : undefined;
  const { setFieldValue } = form;
  useEffect(() => {
    // With a single NGO there is nothing to choose.
    if (onlyNgo) setFieldValue('ngoId', onlyNgo);
  }, [onlyNgo, setFieldValue]);

  const close = () => {
    requestKey.current = null;
    form.reset();
    createCase.reset();
    onClose();
  };

  const create = (values: AddCaseValues) => {
    if (isAdmin && !values.ngoId) {
      form.setFieldError('ngoId', 'Please choose the NGO');
      return;
    }
    requestKey.current ??= newRequestKey();
    const input = CreateCaseInputSchema.parse({ ...values, ngoId: values.ngoId ?? undefined, idempotencyKey: requestKey.current });
    createCase.mutate(input, {
      onSuccess: (created) => {
        requestKey.current = null;
        form.reset();
        onCreated(created);
      },
      onError: notifyError,
    });
  };

  const input = form.getInputProps;
  return (
    <Modal opened={opened} onClose={close} title="Add New Case" centered size="md" styles={{ title: { fontWeight: 650, fontSize: 'var(--mantine-font-size-lg)' } }}>
      <form noValidate onSubmit={(event) => form.onSubmit(create)(event)}>
        <Stack gap="md">
          <Select size="md" label="Type of case" placeholder="Choose" data={[...CASE_TYPES]} withAsterisk allowDeselect={false} data-autofocus {...input('type')} />
          <Select size="md" label="Status" data={[...CASE_STATUSES]} allowDeselect={false} {...input('status')} />
          <Select size="md" label="Mortality" data={[...MORTALITIES]} allowDeselect={false} {...input('mortality')} />
          {isAdmin ? (
            <Select
              size="md"
              label="NGO"
              placeholder={ngos.isPending ? 'Loading NGOs…' : 'Choose'}
              data={ngoOptions}
              searchable
              withAsterisk
              allowDeselect={false}
              nothingFoundMessage="No NGO found"
              {...input('ngoId')}
              error={form.errors.ngoId ?? (ngos.isError ? ngos.error.message : undefined)}
            />
          ) : null}
          {isAdmin && ngos.isSuccess && ngoOptions.length === 0 ? (
            <Text size="sm" c="red">
              There is no NGO yet. Create one under NGO Management first.
            </Text>
          ) : null}
          <Flex direction={{ base: 'column', xs: 'row-reverse' }} gap="xs" mt="xs">
            <Button type="submit" size="md" loading={createCase.isPending}>
              Next
            </Button>
            <Button variant="default" size="md" onClick={close}>
              Cancel
            </Button>
          </Flex>
        </Stack>
      </form>
    </Modal>
  );
}
