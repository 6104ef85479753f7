import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { renderWithProviders } from '../../../../test/render';
import { buildCase, SAVED_REPORTING } from '../../cases/test/case-factory';
import { manager } from '../test/report-fixtures';
import { CaseSheetView } from './case-sheet';

const STORED = '0a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d.jpg';
const ID_CARD = '1a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d.jpg';

describe('the case sheet', () => {
  it('prints every step that holds data, the release check, the post-op log and photo thumbnails, but no identity document', () => {
    const record = buildCase({
      status: 'Released',
      reportingDetail: { ...SAVED_REPORTING, catchingSquad: [31], wardZone: 'Ward 5', captureDate: '2026-03-03', verificationIdFrontImage: ID_CARD },
      animalDetail: { ...buildCase().animalDetail, animalGender: 'Female', animalPictures: [STORED], earNotch: 'Left' },
      releaseDistanceM: 620,
      releaseFlagged: true,
      postOpDays: [{ id: 1, caseId: 12, dayNumber: 1, logDate: '2026-03-05', woundState: 'Clean', appetite: 'Good', temperature: 38.6, medication: 'Meloxicam', notes: null, photos: [], createdBy: 7, createdByName: 'Wasim', createdAt: '2026-03-05T10:00:00.000Z', updatedAt: '2026-03-05T10:00:00.000Z' }],
    });
    renderWithProviders(<CaseSheetView record={record} staff={[{ id: 31, name: 'Ravi Worker', active: true }]} me={manager()} />);
    expect(screen.getByRole('heading', { name: 'Reporter Details' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Animal Details' })).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Operation Details' })).toBeNull();
    expect(screen.getByText('Ravi Worker')).toBeTruthy();
    expect(screen.getByText('03/03/2026')).toBeTruthy();
    expect(screen.getByText("620 m from the capture point · Farther than the NGO's limit: flagged")).toBeTruthy();
    const log = screen.getByRole('table');
    expect(within(log).getByText('Meloxicam')).toBeTruthy();
    expect(screen.getByAltText('Animal Pictures, photo 1').getAttribute('src')).toBe(`/api/image/getImage/2/${STORED}?w=192`);
    expect(document.body.innerHTML).not.toContain(ID_CARD);
  });
});
