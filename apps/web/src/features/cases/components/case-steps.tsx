import { useRef, type ComponentType } from 'react';
import { Paper, Tabs } from '@mantine/core';
import { CASE_STEP_TABLE, type Case, type CaseStep } from '@rescuedesk/shared';
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

/** The five steps of a case, in the step table's order, each with its tab label. */
export const CASE_STEP_TABS: ReadonlyArray<{ label: string; Step: ComponentType<StepProps> }> = CASE_STEP_TABLE.map((step) => ({
  label: step.label,
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
  const top = useRef<HTMLDivElement>(null);
  const tabList = useActiveTabInView<HTMLDivElement>(String(step));
  const goTo = (next: number) => {
    onStepChange(next);
    // After Save & Next at the foot of a long form, the next step starts in view.
    top.current?.scrollIntoView({ block: 'start', behavior: 'smooth' });
  };

  return (
    <Paper withBorder radius="md" p={{ base: 'md', xs: 'lg' }} ref={top} style={{ scrollMarginTop: 72 }}>
      <Tabs value={String(step)} onChange={(value) => value !== null && goTo(Number(value))} keepMountedMode="display-none">
        <Tabs.List className={classes.list} ref={tabList}>
          {CASE_STEP_TABS.map(({ label }, index) => (
            <Tabs.Tab key={label} value={String(index)} className={classes.tab}>
              {label}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        {CASE_STEP_TABS.map(({ label, Step }, index) => (
          <Tabs.Panel key={label} value={String(index)} pt="md">
            <Step
              caseRecord={caseRecord}
              navigation={{ ...stepPosition(index), onPrevious: () => goTo(index - 1), onNext: () => goTo(index + 1), onExit }}
            />
          </Tabs.Panel>
        ))}
      </Tabs>
    </Paper>
  );
}
