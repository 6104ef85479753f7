import { useId } from 'react';
import { Badge, Paper, Select, SimpleGrid, TextInput, UnstyledButton } from '@mantine/core';
import { useForm, type UseFormReturnType } from '@mantine/form';
import { IconChevronUp, IconPencil } from '@tabler/icons-react';
import { zod4Resolver } from 'mantine-form-zod-resolver';
import { optionKey, UpdateCaseInputSchema, type CaseStatus, type CaseType, type Mortality } from '@rescuedesk/shared';
import { useValidationAfterSubmit } from '../../../hooks/use-validation-after-submit';
import { useT } from '../../../lib/i18n/use-t';
import type { EditedCase } from './draft-case';
import { optionData } from './option-data';
import classes from './case-card.module.css';
import { FIELD_SIZE, textOf } from './steps/step-values';

export const CardSchema = UpdateCaseInputSchema.omit({ caseId: true });
const validate = zod4Resolver(CardSchema, { errorPriority: 'first' });

export type CardValues = {
  type: string | null;
  status: string;
  mortality: string;
  causeOfFailure: string;
};

function cardValuesOf(record: EditedCase): CardValues {
  return { type: record.type, status: record.status, mortality: record.mortality, causeOfFailure: textOf(record.causeOfFailure) };
}

/** The top card's form (type, status, mortality, cause of failure); the page saves it with the step. */
export function useCardForm(record: EditedCase) {
  const form = useForm<CardValues>({ initialValues: cardValuesOf(record), validate });
  const { markSubmitted } = useValidationAfterSubmit(form);
  return { form, markSubmitted };
}

export type CardForm = UseFormReturnType<CardValues>;

interface CaseCardProps {
  form: CardForm;
  /** Whether the fields show; on a phone the card opens on a tap. */
  open: boolean;
  /** Null where the card always stays open (768 px and wider). */
  onToggle: (() => void) | null;
}

/**
 * The top card of the case page: type, status, mortality and cause of failure. On a phone it is one
 * line of chips, and a tap opens its fields; wider screens show the fields at once.
 */
export function CaseCard({ form, open, onToggle }: CaseCardProps) {
  const t = useT();
  const fieldsId = useId();
  const { type, status, mortality } = form.values;

  const input = form.getInputProps;
  // Outside the markup, where the lint rule on literal text would take the field names for text.
  const fields = { type: input('type'), status: input('status'), mortality: input('mortality'), causeOfFailure: input('causeOfFailure') };
  return (
    <Paper withBorder radius="md" p={{ base: 'sm', xs: 'md' }}>
      <form noValidate aria-label={t('cases.card.label')} onSubmit={(event) => event.preventDefault()}>
        {onToggle ? (
          <UnstyledButton className={classes.summary} aria-expanded={open} aria-controls={fieldsId} onClick={onToggle}>
            <span className={classes.chips}>
              <Badge size="md" tt="none" variant="filled" radius="sm">
                {type ? t(optionKey('caseType', type as CaseType)) : t('common.choose')}
              </Badge>
              <Badge size="md" tt="none" variant="light" radius="sm">
                {t(optionKey('status', status as CaseStatus))}
              </Badge>
              <Badge size="md" tt="none" variant="outline" radius="sm" color={mortality === 'Healthy' ? 'teal' : 'red'}>
                {t(optionKey('mortality', mortality as Mortality))}
              </Badge>
            </span>
            <span className={classes.edit}>
              {open ? <IconChevronUp size={18} aria-hidden /> : <IconPencil size={18} aria-hidden />}
              {open ? t('cases.card.close') : t('cases.card.edit')}
            </span>
          </UnstyledButton>
        ) : null}
        {open ? (
          <SimpleGrid id={fieldsId} cols={{ base: 1, sm: 2, lg: 4 }} spacing="md" mt={onToggle ? 'sm' : 0}>
            <Select size={FIELD_SIZE} label={t('field.type')} placeholder={t('common.choose')} data={optionData(t, 'caseType')} allowDeselect={false} withAsterisk {...fields.type} />
            <Select size={FIELD_SIZE} label={t('field.status')} data={optionData(t, 'status')} allowDeselect={false} {...fields.status} />
            <Select size={FIELD_SIZE} label={t('field.mortality')} data={optionData(t, 'mortality')} allowDeselect={false} {...fields.mortality} />
            <TextInput size={FIELD_SIZE} label={t('field.causeOfFailure')} autoComplete="off" {...fields.causeOfFailure} />
          </SimpleGrid>
        ) : null}
      </form>
    </Paper>
  );
}
