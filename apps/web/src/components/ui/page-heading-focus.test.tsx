import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { Link, Route, Routes } from 'react-router';
import { renderWithProviders } from '../../../test/render';
import { PageHeadingFocusProvider } from './page-heading-focus-provider';
import { PageTitle } from './page-title';

function renderPages(route: string, openedByMove = false) {
  return renderWithProviders(
    <PageHeadingFocusProvider openedByMove={openedByMove}>
      <Routes>
        <Route
          path="/vet"
          element={
            <>
              <PageTitle>Vet Management</PageTitle>
              <Link to="/vet/addvet">Add Vet</Link>
              <Link to="/vet?page=2">Page 2</Link>
            </>
          }
        />
        <Route path="/vet/addvet" element={<PageTitle>Add Vet</PageTitle>} />
      </Routes>
    </PageHeadingFocusProvider>,
    { route },
  );
}

describe('PageHeadingFocusProvider', () => {
  it('leaves the focus alone on the page the app opens on', () => {
    renderPages('/vet');
    expect(screen.getByRole('heading', { name: 'Vet Management', level: 1 })).toBeTruthy();
    expect(document.activeElement).toBe(document.body);
  });

  it("gives the first page's heading the focus when the app opened it after signing in", async () => {
    renderPages('/vet', true);

    const heading = await screen.findByRole('heading', { name: 'Vet Management', level: 1 });
    expect(document.activeElement).toBe(heading);
  });

  it("moves the focus to the new page's heading after a move to another page", async () => {
    const { user } = renderPages('/vet');

    await user.click(screen.getByRole('link', { name: 'Add Vet' }));

    const heading = await screen.findByRole('heading', { name: 'Add Vet', level: 1 });
    expect(document.activeElement).toBe(heading);
    expect(document.title).toBe('Add Vet · RescueDesk');
  });

  it('does not move the focus when only the query changes on the same page', async () => {
    const { user } = renderPages('/vet');
    const link = screen.getByRole('link', { name: 'Page 2' });

    await user.click(link);

    expect(document.activeElement).toBe(link);
  });
});
