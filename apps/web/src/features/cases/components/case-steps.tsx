import { useEffect, useRef, type ComponentType } from 'react';
import { Paper, Tabs, Title } from '@mantine/core';
import { CASE_STEP_TABLE, type Case, type CaseStep, type MessageKey } from '@rescuedesk/shared';
import { useT } from '../../../lib/i18n/use-t';
import { AnimalStep } from './steps/animal-step';
import { MedicalStep } from './steps/medical-step';
import { OperationStep } from './steps/operation-step';
import { PostOperationStep } from './steps/post-operation-step';
import { ReportingStep } from './steps/reporting-step';
import { stepPosition, type StepProps } from './steps/step-navigation';
import classes from './tabs.module.css';
import { useActiveTabInView } from './use-active-tab-in-view';

/** The form of each step; the compiler asks for one when the step table gains a step. */
const STEP_COMPONENTS: Record<CaseStep, ComponentType<StepProps>> = {
  reportingDetail: ReportingStep,
  animalDetail: AnimalStep,
  medicalDetail: MedicalStep,
  operationDetail: OperationStep,
  postOperationDetail: PostOperationStep,
};

/** The five steps of a case, in the step table's order, each with its title (the tab's label and the step's heading). */
export const CASE_STEP_TABS: ReadonlyArray<{ key: CaseStep; titleKey: MessageKey; Step: ComponentType<StepProps> }> = CASE_STEP_TABLE.map((step) => ({
  key: step.key,
  titleKey: step.labelKey,
  Step: STEP_COMPONENTS[step.key],
}));

interface CaseStepsProps {
  caseRecord: Case;
  /** 0 to 4. */
  step: number;
  onStepChange: (step: number) => void;
  onExit: () => void;
}

/**
 * The step tabs. Every step stays mounted, so moving between tabs keeps what was typed (and photos
 * still uploading) until it is saved.
 */
export function CaseSteps({ caseRecord, step, onStepChange, onExit }: CaseStepsProps) {
  const t = useT();
  const top = useRef<HTMLDivElement>(null);
  const tabList = useActiveTabInView<HTMLDivElement>(String(step));
  const headings = useRef<Array<HTMLHeadingElement | null>>([]);
  // The step whose heading takes the focus once it shows (after Save & Next or Previous).
  const focusHeadingOf = useRef<number | null>(null);

  const goTo = (next: number) => {
    onStepChange(next);
    // After Save & Next at the foot of a long form, the next step starts in view.
    top.current?.scrollIntoView({ block: 'start', behavior: 'smooth' });
  };
  // The buttons that moved on sit in the step now hidden: without this the focus would fall to the
  // page body. A tab chosen in the tab row keeps the focus on the tab.
  const goToAndFocus = (next: number) => {
    focusHeadingOf.current = next;
    goTo(next);
  };

  useEffect(() => {
    if (focusHeadingOf.current !== step) return;
    focusHeadingOf.current = null;
    // The scroll above is already on its way; focusing must not jump.
    headings.current[step]?.focus({ preventScroll: true });
  }, [step]);

  return (
    <Paper withBorder radius="md" p={{ base: 'md', xs: 'lg' }} ref={top} style={{ scrollMarginTop: 72 }}>
      <Tabs value={String(step)} onChange={(value) => value !== null && goTo(Number(value))} keepMountedMode="display-none">
        <Tabs.List className={classes.list} ref={tabList}>
          {CASE_STEP_TABS.map(({ key, titleKey }, index) => (
            <Tabs.Tab key={key} value={String(index)} className={classes.tab}>
              {t(titleKey)}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        {CASE_STEP_TABS.map(({ key, titleKey, Step }, index) => (
          <Tabs.Panel key={key} value={String(index)} pt="md">
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
            <Step
              caseRecord={caseRecord}
              navigation={{ ...stepPosition(index), onPrevious: () => goToAndFocus(index - 1), onNext: () => goToAndFocus(index + 1), onExit }}
            />
          </Tabs.Panel>
        ))}
      </Tabs>
    </Paper>
  );
}
