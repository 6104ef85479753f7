import { useId, type ComponentType, type RefObject } from 'react';
import { Paper, Tabs, Title, VisuallyHidden } from '@mantine/core';
import { IconCheck } from '@tabler/icons-react';
import { CASE_STEP_TABLE, type CaseStep, type MessageKey } from '@rescuedesk/shared';
import { useT } from '../../../lib/i18n/use-t';
import { holdsData, type EditedCase } from './draft-case';
import classes from './case-steps.module.css';
import { AnimalStep } from './steps/animal-step';
import { MedicalStep } from './steps/medical-step';
import { OperationStep } from './steps/operation-step';
import { PostOperationStep } from './steps/post-operation-step';
import { ReportingStep } from './steps/reporting-step';
import type { StepProps } from './steps/step-navigation';

/** The form of each step; the compiler asks for one when the step table gains a step. */
const STEP_COMPONENTS: Record<CaseStep, ComponentType<StepProps>> = {
  reportingDetail: ReportingStep,
  animalDetail: AnimalStep,
  medicalDetail: MedicalStep,
  operationDetail: OperationStep,
  postOperationDetail: PostOperationStep,
};

/** The step indicator's name of each step on a phone, short enough for five side by side at 360 px. */
const SHORT_TITLES: Record<CaseStep, MessageKey> = {
  reportingDetail: 'cases.step.short.reportingDetail',
  animalDetail: 'cases.step.short.animalDetail',
  medicalDetail: 'cases.step.short.medicalDetail',
  operationDetail: 'cases.step.short.operationDetail',
  postOperationDetail: 'cases.step.short.postOperationDetail',
};

/** The five steps of a case, in the step table's order, each with its title (the tab's name and the step's heading). */
export const CASE_STEP_TABS: ReadonlyArray<{ key: CaseStep; titleKey: MessageKey; shortKey: MessageKey; Step: ComponentType<StepProps> }> = CASE_STEP_TABLE.map((step) => ({
  key: step.key,
  titleKey: step.labelKey,
  shortKey: SHORT_TITLES[step.key],
  Step: STEP_COMPONENTS[step.key],
}));

interface CaseStepsProps {
  caseRecord: EditedCase;
  /** 0 to 4. */
  step: number;
  /** The steps opened so far: each is mounted when first opened and then kept, with what was typed. */
  opened: ReadonlySet<number>;
  onSelect: (step: number) => void;
  /** The steps' headings, by index: the page moves the focus to one after Save & Next or Previous. */
  headings: RefObject<Array<HTMLHeadingElement | null>>;
  /** The top of the steps, scrolled to after moving to another step. */
  top: RefObject<HTMLDivElement | null>;
}

/**
 * The step indicator (which steps hold data, readable at 360 px) and the steps. A step's form is
 * mounted the first time it is opened, not at load, and then stays mounted (hidden), so moving
 * between steps keeps what was typed, and photos still uploading, until the page is saved.
 */
export function CaseSteps({ caseRecord, step, opened, onSelect, headings, top }: CaseStepsProps) {
  const t = useT();
  const ids = useId();
  return (
    <Paper withBorder radius="md" p={{ base: 'sm', xs: 'lg' }} ref={top} style={{ scrollMarginTop: 64 }}>
      <Tabs className={classes.root} value={String(step)} onChange={(value) => value !== null && onSelect(Number(value))} keepMountedMode="display-none">
        <Tabs.List className={classes.list}>
          {CASE_STEP_TABS.map(({ key, titleKey, shortKey }, index) => {
            const filled = holdsData(caseRecord[key]);
            const stateId = `${ids}-${key}`;
            return (
              // Named by the full title (on a phone only screen readers read it; the short name shows).
              <Tabs.Tab key={key} value={String(index)} className={classes.tab} aria-describedby={stateId}>
                <span className={classes.body}>
                  <span className={classes.marker} data-filled={filled || undefined} aria-hidden>
                    {filled ? <IconCheck size={15} stroke={3} /> : index + 1}
                  </span>
                  <span className={classes.short} aria-hidden>
                    {t(shortKey)}
                  </span>
                  <span className={classes.full}>{t(titleKey)}</span>
                  <VisuallyHidden id={stateId} aria-hidden>{filled ? t('cases.step.holdsData') : t('cases.step.empty')}</VisuallyHidden>
                </span>
              </Tabs.Tab>
            );
          })}
        </Tabs.List>
        {CASE_STEP_TABS.map(({ key, titleKey, Step }, index) => (
          <Tabs.Panel key={key} value={String(index)} pt="md">
            {opened.has(index) ? (
              <>
                <Title
                  order={2}
                  size="h4"
                  mb="xs"
                  tabIndex={-1}
                  ref={(element) => {
                    headings.current[index] = element;
                  }}
                >
                  {t(titleKey)}
                </Title>
                <Step caseRecord={caseRecord} />
              </>
            ) : null}
          </Tabs.Panel>
        ))}
      </Tabs>
    </Paper>
  );
}
