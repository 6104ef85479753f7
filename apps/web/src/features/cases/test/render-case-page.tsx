import { useState } from 'react';
import { vi } from 'vitest';
import { screen } from '@testing-library/react';
import type { Case } from '@rescuedesk/shared';
import { stubFetch } from '../../../../test/fetch';
import { renderWithProviders } from '../../../../test/render';
import { UnsavedChangesProvider } from '../../../components/unsaved-changes/unsaved-changes-provider';
import { CasePage } from '../components/case-page';
import type { CaseDraft } from '../components/draft-case';
import { buildCase } from './case-factory';

type Replies = Parameters<typeof stubFetch>[0];

interface CasePageSetup {
  /** The stored case getCaseById answers (case 12, fresh from "Add case", unless given). */
  record?: Case;
  /** A new case not stored yet: the page starts from it instead of loading one. */
  draft?: CaseDraft;
  /** 0 to 4. */
  step?: number;
  replies?: Replies;
  /** Inside the app's unsaved-changes guard, as the signed-in pages are: leaving with edits asks first. */
  guarded?: boolean;
}

/** The case page as the route shows it, with the step and the case id kept like the URL keeps them. */
export function renderCasePage({ record = buildCase(), draft, step = 0, replies = {}, guarded = false }: CasePageSetup = {}) {
  const fetchMock = stubFetch({
    'POST /api/case/getCaseById': { body: { data: record } },
    'POST /api/case/getDirectoryChoices': { body: { data: { vets: [], staff: [], reporters: [] } } },
    'POST /api/case/getCaseStaff': { body: { data: [] } },
    'POST /api/case/getWardSuggestions': { body: { data: [] } },
    'POST /api/case/getCaseTimeline': { body: { data: [], meta: { total: 0, page: 1, pageSize: 20 } } },
    'POST /api/case/getDuplicateSuggestions': { body: { data: [] } },
    'POST /api/intake/getCaseAdditions': { body: { data: [] } },
    'GET /api/auth/me': { body: { data: { id: 3, name: 'Manoj Manager', role: 'Manager', ngoId: 2 } } },
    ...replies,
  });
  const onExit = vi.fn();
  const onCreated = vi.fn();
  function Page() {
    const [current, setCurrent] = useState(step);
    const [caseId, setCaseId] = useState<number | null>(draft ? null : record.id);
    return (
      <CasePage
        caseId={caseId}
        draft={draft ?? null}
        isNew={Boolean(draft)}
        step={current}
        onStepChange={setCurrent}
        onCreated={(id, next) => {
          setCaseId(id);
          setCurrent(next);
          onCreated(id, next);
        }}
        onExit={onExit}
      />
    );
  }
  const page = guarded ? (
    <UnsavedChangesProvider>
      <Page />
    </UnsavedChangesProvider>
  ) : (
    <Page />
  );
  return { ...renderWithProviders(page, guarded ? { route: '/dashboard/case?id=12&step=4' } : undefined), fetchMock, onExit, onCreated };
}

export interface SentRequest {
  path: string;
  body: Record<string, unknown>;
  idempotencyKey: string | null;
}

/** The requests the page sent (loads included), in order. */
export function requestsOf(fetchMock: ReturnType<typeof stubFetch>): SentRequest[] {
  return fetchMock.mock.calls.map(([url, init]) => {
    const headers = (init?.headers ?? {}) as Record<string, string>;
    return {
      path: new URL(String(url), 'http://localhost').pathname.replace(/^\/api/, ''),
      body: JSON.parse(String(init?.body ?? '{}')) as Record<string, unknown>,
      idempotencyKey: headers['Idempotency-Key'] ?? null,
    };
  });
}

/** The writes among them (everything but loads). */
export function writesOf(fetchMock: ReturnType<typeof stubFetch>): SentRequest[] {
  return requestsOf(fetchMock).filter(({ path }) => !/\/(getCaseById|getDirectoryChoices|getReporters|getCaseStaff|getWardSuggestions|getCaseTimeline|me|getStock|getCaseStockUses|getDuplicateSuggestions|getCaseAdditions)$/.test(path));
}

/** The step shown, once its form is built (the page builds it right after its frame). */
export async function findStep(): Promise<HTMLElement> {
  await screen.findByRole('heading', { level: 2 }, { timeout: 15_000 });
  return screen.getByRole('tabpanel');
}

/** The page's action bar (Previous, Exit, Save, Save & Next / Save & Exit). */
export const actionBar = () => screen.getByRole('group', { name: 'Case actions' });
