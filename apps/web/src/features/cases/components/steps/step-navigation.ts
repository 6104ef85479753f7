import { useRef } from 'react';
import { CASE_STEP_TABLE, type Case } from '@rescuedesk/shared';
import { t } from '../../../../lib/i18n/i18n';
import { notifySuccess } from '../../../../lib/notify';

export type SaveIntent = 'next' | 'exit';

/** How a step moves on; the case page keeps the step in the URL. */
export interface StepNavigation {
  /** Where the step stands: 2 (of 5), counted from 1. */
  number: number;
  /** How many steps there are: 5. */
  count: number;
  isFirst: boolean;
  isLast: boolean;
  onPrevious: () => void;
  onNext: () => void;
  onExit: () => void;
}

/** Where the step at `index` (0-based, in the step table's order) stands among the steps. */
export function stepPosition(index: number): Pick<StepNavigation, 'number' | 'count' | 'isFirst' | 'isLast'> {
  const count = CASE_STEP_TABLE.length;
  return { number: index + 1, count, isFirst: index === 0, isLast: index === count - 1 };
}

/** What every step component receives: the case as the server last answered, and how to move on. */
export interface StepProps {
  caseRecord: Case;
  navigation: StepNavigation;
}

/**
 * Which save button was pressed, and what follows a successful save: the next step, or the
 * dashboard after Save & Exit and after the last step (docs/product.md, "The five steps").
 */
export function useSaveIntent(navigation: StepNavigation) {
  const intent = useRef<SaveIntent>('next');
  return {
    setIntent: (next: SaveIntent) => {
      intent.current = next;
    },
    afterSave: () => {
      notifySuccess(t('cases.common.saved'));
      if (navigation.isLast || intent.current === 'exit') navigation.onExit();
      else navigation.onNext();
    },
  };
}
