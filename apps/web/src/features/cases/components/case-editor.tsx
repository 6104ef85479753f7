import { startTransition, useEffect, useMemo, useRef, useState } from 'react';
import { Stack, Text } from '@mantine/core';
import { CASE_STEP_TABLE, MESSAGES, type Case, type CaseStep, type CaseStepInput, type CreateCaseInput, type Translate } from '@rescuedesk/shared';
import { useUnsavedChanges } from '../../../components/unsaved-changes/use-unsaved-changes';
import { useMediaMatch } from '../../../hooks/use-media-match';
import { useT } from '../../../lib/i18n/use-t';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useCreateCase } from '../api/create-case';
import { useCase } from '../api/get-case';
import { ActionKeys, newIdempotencyKey } from '../api/idempotency';
import { useUpdateCase } from '../api/update-case';
import { useUpdateCaseStep } from '../api/update-case-step';
import { ActionBar, type SaveIntent } from './action-bar';
import { CardSchema, CaseCard, useCardForm } from './case-card';
import { CaseSteps } from './case-steps';
import type { EditedCase } from './draft-case';
import { offerStatus, statusSuggestedBy } from './status-offer';
import { TimelineLauncher } from './timeline-launcher';
import { daysSinceSurgery } from './steps/post-op-days';
import { CaseSaveContext, type CaseSave, type EntryPart, type StepPart } from './steps/save-registry';
import { changedFields } from './steps/step-values';

/** The top card stays open from this width; below it, it is one line that opens on a tap. */
const WIDE_QUERY = '(min-width: 48em)';

const LAST_STEP = CASE_STEP_TABLE.length - 1;

const stepIndex = (step: CaseStep) => CASE_STEP_TABLE.findIndex(({ key }) => key === step);

/** The line above the card: who created the case, or that it is not stored on the server yet. */
function caseByline(record: EditedCase, t: Translate): string {
  if (record.id === null) return t('cases.page.notStoredYet');
  // A case created offline has a temporary (negative) id until its create is answered (docs/decisions/012).
  if (record.id < 0) return t('cases.page.queuedOnDevice');
  return record.createdBy ? t('cases.page.createdBy', { id: record.id, name: record.createdBy }) : t('cases.common.caseNumber', { id: record.id });
}

function isShown(element: HTMLElement): boolean {
  for (let node: HTMLElement | null = element; node; node = node.parentElement) {
    if (getComputedStyle(node).display === 'none') return false;
  }
  return true;
}

/** The first field showing an error inside `container`, scrolled to the middle of the screen and focused. */
function focusFirstInvalid(container: () => HTMLElement | null, attempt = 0): void {
  window.setTimeout(() => {
    const field = container()?.querySelector<HTMLElement>('[aria-invalid="true"], [data-invalid] [role="radio"]');
    if (!field || !isShown(field)) {
      // The step just opened, or its errors are still being drawn.
      if (attempt < 5) focusFirstInvalid(container, attempt + 1);
      return;
    }
    field.scrollIntoView({ block: 'center' });
    field.focus({ preventScroll: true });
  }, attempt === 0 ? 0 : 50);
}

export interface CaseEditorProps {
  /** null until the first save stores the case. */
  caseId: number | null;
  /** The case as loaded, or a new case as "Add case" chose it. */
  initial: EditedCase;
  /** 0 to 4. */
  step: number;
  onStepChange: (step: number) => void;
  /** The first save stored the case: the page now names it (and the step to show). */
  onCreated: (caseId: number, step: number) => void;
  /** Back to the dashboard after Save & Exit (or saving the last step). */
  onExit: (savedCaseId: number | null) => void;
}

/**
 * The case page's work: the top card, the steps and the action bar, and the one save behind every
 * button. A save checks the card and every edited step (showing each problem at its field, and
 * going to the first), then sends only what changed: the case is created first when it is new,
 * then the card, then each edited step, each with the Idempotency-Key of the user's action. A step
 * opened but not changed sends nothing, and nothing at all is sent when nothing changed.
 */
export function CaseEditor({ caseId, initial, step, onStepChange, onCreated, onExit }: CaseEditorProps) {
  const t = useT();
  const query = useCase(caseId);
  const record: EditedCase = query.data ?? (caseId === null ? initial : { ...initial, id: caseId });
  const wide = useMediaMatch(WIDE_QUERY);
  const [cardOpen, setCardOpen] = useState(() => record.type === null);
  const cardRef = useRef<HTMLDivElement>(null);
  const card = useCardForm(record);
  const quiet = useRef(false);
  useUnsavedChanges(() => !quiet.current && card.form.isDirty());

  const createCase = useCreateCase();
  const updateCase = useUpdateCase();
  const updateStep = useUpdateCaseStep();
  const [keys] = useState(() => new ActionKeys());

  const parts = useRef(new Map<CaseStep, StepPart>());
  const entries = useRef(new Set<EntryPart>());
  const [uploading, setUploading] = useState<ReadonlySet<CaseStep>>(() => new Set());
  const [saving, setSaving] = useState<SaveIntent | null>(null);
  const busy = useRef(false);

  // Each step is mounted when first opened; once opened it stays, with what was typed. The first
  // one is built in a transition after the page's frame has shown: React builds it in small slices,
  // so a cheap phone paints the card and the step indicator at once and never freezes on the form.
  const [opened, setOpened] = useState<ReadonlySet<number>>(() => new Set());
  const [framed, setFramed] = useState(false);
  useEffect(() => {
    startTransition(() => setFramed(true));
  }, []);
  if (framed && !opened.has(step)) setOpened(new Set([...opened, step]));

  const headings = useRef<Array<HTMLHeadingElement | null>>([]);
  const stepsTop = useRef<HTMLDivElement>(null);
  // The step whose heading takes the focus once it shows (after Save & Next or Previous).
  const focusHeadingOf = useRef<number | null>(null);
  useEffect(() => {
    if (focusHeadingOf.current !== step) return;
    focusHeadingOf.current = null;
    // The scroll to the steps is already on its way; focusing must not jump.
    headings.current[step]?.focus({ preventScroll: true });
  }, [step]);

  const isLast = step === LAST_STEP;
  // Shown on the case while the animal recovers: from the operation until its release or death.
  const post = record.postOperationDetail;
  const since = post.releaseDate || post.deathDate ? null : daysSinceSurgery(record.operationDetail.operationDate);

  /** Moves to another step; the buttons that moved on sit in the step now hidden, so its heading takes the focus. */
  const showStep = (next: number, focusHeading: boolean) => {
    if (focusHeading) focusHeadingOf.current = next;
    stepsTop.current?.scrollIntoView({ block: 'start', behavior: 'smooth' });
  };
  const goTo = (next: number, focusHeading: boolean) => {
    showStep(next, focusHeading);
    onStepChange(next);
  };

  /** Checks the card and every edited step; shows the first problem. Answers whether all may be saved. */
  const check = (steps: StepPart[], typed: EntryPart[], isNewCase: boolean): boolean => {
    let firstInvalid: StepPart | EntryPart | 'card' | null = null;
    let requiredMissing = false;
    if (isNewCase || card.form.isDirty()) {
      card.markSubmitted();
      if (card.form.validate().hasErrors) firstInvalid = 'card';
    }
    for (const part of steps) {
      const result = part.validate();
      if (!result.valid) {
        firstInvalid ??= part;
        requiredMissing ||= result.requiredMissing;
      }
    }
    for (const entry of typed) if (!entry.validate()) firstInvalid ??= entry;
    if (firstInvalid === null) return true;
    // docs/product.md#messages: a missing required field says so in a toast; each field shows its own message.
    if (requiredMissing) notifyError(new Error(MESSAGES.requiredDetails));
    if (firstInvalid === 'card') {
      setCardOpen(true);
      focusFirstInvalid(() => cardRef.current);
    } else {
      const { element } = firstInvalid;
      const index = stepIndex(firstInvalid.step);
      if (index !== step) goTo(index, false);
      focusFirstInvalid(element);
    }
    return false;
  };

  const save = async (intent: SaveIntent) => {
    if (busy.current || uploading.size > 0 || [...entries.current].some((entry) => entry.uploading())) return;
    // Every edited step, and the open step when it was never saved: pressing Save on it confirms the
    // usual answers it shows for the animal (docs/product.md, "Defaults"); other untouched steps send nothing.
    const open = CASE_STEP_TABLE[step]?.key;
    const steps = CASE_STEP_TABLE.map(({ key }) => parts.current.get(key)).filter(
      (part): part is StepPart => part !== undefined && (part.isDirty() || (part.step === open && part.confirmsDefaults())),
    );
    // What was typed in a form that saves on its own (a day of the log) is saved with the steps.
    const typed = [...entries.current].filter((entry) => entry.isDirty());
    const isNewCase = record.id === null;
    if (!check(steps, typed, isNewCase)) return;

    busy.current = true;
    setSaving(intent);
    const cardSnapshot = card.form.getValues();
    const snapshots = steps.map((part) => ({ part, values: part.snapshot() }));
    let id = record.id;
    let created = false;
    let wrote = false;
    let latest: Case | null = null;
    const recorded: Record<string, unknown> = {};
    let failed = false;
    let sending: StepPart | EntryPart | null = null;
    let unsent: EntryPart | null = null;
    try {
      const cardValues = CardSchema.parse(cardSnapshot);
      let cardChanges: Record<string, unknown>;
      if (id === null) {
        // The card's check above refused a new case without a type.
        if (!cardValues.type) throw new Error(t('validation.chooseCaseType'));
        const input: CreateCaseInput = { type: cardValues.type, status: cardValues.status ?? 'Reported', mortality: cardValues.mortality ?? 'Healthy', ...(record.ngoId === null ? {} : { ngoId: record.ngoId }) };
        const answer = await createCase.mutateAsync({ input, idempotencyKey: keys.keyFor('create', input) });
        keys.done('create');
        id = answer.id;
        created = true;
        wrote = true;
        cardChanges = cardValues.causeOfFailure ? { causeOfFailure: cardValues.causeOfFailure } : {};
      } else {
        cardChanges = card.form.isDirty() ? changedFields(cardValues, record) : {};
      }
      if (Object.keys(cardChanges).length > 0) {
        const input = { caseId: id, ...cardChanges };
        latest = await updateCase.mutateAsync({ input, idempotencyKey: keys.keyFor('card', input) });
        keys.done('card');
        wrote = true;
      }
      card.form.resetDirty(cardSnapshot);
      for (const { part, values } of snapshots) {
        sending = part;
        const changes = part.changesOf(values);
        if (Object.keys(changes).length > 0) {
          // The fields come from the step's own schema (changesOf parsed them), so they fit its save.
          const input = { caseId: id, ...changes } as CaseStepInput<CaseStep>;
          const slot = `step:${part.step}`;
          latest = await updateStep.mutateAsync({ step: part.step, input, idempotencyKey: keys.keyFor(slot, input) });
          keys.done(slot);
          wrote = true;
          Object.assign(recorded, changes);
        }
        part.markSaved(values);
      }
      for (const entry of typed) {
        sending = entry;
        if (!(await entry.save())) {
          failed = true;
          unsent = entry;
          break;
        }
        wrote = true;
      }
      sending = null;
    } catch (error) {
      failed = true;
      // A rule the server checks across the case (a collar/tag clash, an expired vaccine, a release
      // beyond the NGO's limit without a reason): shown at the field it names, which takes the focus.
      const refused: StepPart | EntryPart | null = sending;
      if (refused?.showServerError(error)) {
        const index = stepIndex(refused.step);
        if (index !== step) goTo(index, false);
        focusFirstInvalid(refused.element);
      } else notifyError(error);
    } finally {
      busy.current = false;
      setSaving(null);
    }

    const leaving = !failed && (intent === 'exit' || (intent === 'next' && isLast));
    const nextStep = !failed && intent === 'next' && !isLast ? step + 1 : step;
    if (created && id !== null) {
      // The page's address now names the stored case; what is still unsaved (after a failure) stays on screen.
      quiet.current = true;
      onCreated(id, nextStep);
      quiet.current = false;
    }
    if (failed) {
      // A day of the log refused at its fields before it was sent: those fields take the focus.
      if (unsent) {
        const { element } = unsent;
        const index = stepIndex(unsent.step);
        if (index !== step) goTo(index, false);
        focusFirstInvalid(element);
      }
      return;
    }

    if (wrote) notifySuccess(t('cases.common.saved'));
    else if (intent === 'save') notifySuccess(t('cases.save.nothingChanged'));
    const suggestion = latest ? statusSuggestedBy(recorded, latest.status) : null;
    if (suggestion && id !== null) {
      const caseNumber = id;
      offerStatus(caseNumber, suggestion, (status) => updateCase.mutateAsync({ input: { caseId: caseNumber, status }, idempotencyKey: newIdempotencyKey() }));
    }
    if (leaving) onExit(id);
    else if (nextStep !== step) {
      if (created) showStep(nextStep, true);
      else goTo(nextStep, true);
    }
  };

  // Enter in a step's field: the main button of the step shown.
  const submit = useRef(() => {});
  useEffect(() => {
    submit.current = () => void save(isLast ? 'exit' : 'next');
  });
  const registry = useMemo<CaseSave>(
    () => ({
      register: (part) => {
        parts.current.set(part.step, part);
        return () => {
          if (parts.current.get(part.step) === part) parts.current.delete(part.step);
        };
      },
      registerEntry: (entry) => {
        entries.current.add(entry);
        return () => {
          entries.current.delete(entry);
        };
      },
      reportUploading: (stepKey, isUploading) =>
        setUploading((current) => {
          if (current.has(stepKey) === isUploading) return current;
          const next = new Set(current);
          if (isUploading) next.add(stepKey);
          else next.delete(stepKey);
          return next;
        }),
      submit: () => submit.current(),
      quiet,
    }),
    [],
  );

  return (
    <CaseSaveContext value={registry}>
      <Stack gap="sm">
        <Text size="sm" c="dimmed">
          {caseByline(record, t)}
          {since !== null ? ` · ${t('cases.abc.daysSinceSurgery', { day: since })}` : ''}
        </Text>
        <div ref={cardRef}>
          <CaseCard form={card.form} open={wide || cardOpen} onToggle={wide ? null : () => setCardOpen((open) => !open)} />
        </div>
        <CaseSteps caseRecord={record} step={step} opened={opened} onSelect={(next) => goTo(next, false)} headings={headings} top={stepsTop} />
        {record.id !== null ? <TimelineLauncher caseId={record.id} ngoId={record.ngoId} version={`${query.data?.updatedAt ?? ''}|${(record.postOpDays ?? []).map((day) => day.updatedAt).join(',')}`} /> : null}
        <ActionBar isFirst={step === 0} isLast={isLast} saving={saving} uploading={uploading.size > 0} onPrevious={() => goTo(step - 1, true)} onSave={(intent) => void save(intent)} />
      </Stack>
    </CaseSaveContext>
  );
}
