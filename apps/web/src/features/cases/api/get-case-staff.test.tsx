import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { buildCase } from '../test/case-factory';
import { renderCasePage, requestsOf } from '../test/render-case-page';
import { stubDocumentFonts } from '../test/stub-document-fonts';

describe("the case's staff (the squad's names)", () => {
  beforeAll(stubDocumentFonts);
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('is asked for when a case is opened at a step without the squad, so the device holds it for the sheet and the timeline offline', async () => {
    const { fetchMock, queryClient } = renderCasePage({ record: buildCase({ id: 12, type: 'Sterilization' }), step: 3 });

    expect(await screen.findByRole('heading', { name: 'Operation Details' })).toBeTruthy();
    // The reporter step, which shows the squad, is not built.
    expect(screen.queryByRole('textbox', { name: /^Catching Squad/ })).toBeNull();
    await waitFor(() => expect(requestsOf(fetchMock).filter(({ path }) => path === '/case/getCaseStaff')).toEqual([expect.objectContaining({ body: { caseId: 12 } })]));
    await waitFor(() => expect(queryClient.getQueryData(['cases', 'staff', 12])).toEqual([]));
  });
});
