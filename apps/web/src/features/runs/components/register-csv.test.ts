import { describe, expect, it } from 'vitest';
import type { Run, RunStop } from '@rescuedesk/shared';
import { t } from '../../../lib/i18n/i18n';
import { registerCsv } from './register-csv';

const stop = (over: Partial<RunStop>): RunStop => ({
  id: 1,
  position: 1,
  caseId: 12,
  location: null,
  landmark: null,
  pincode: null,
  uniqueID: null,
  latitude: 12.97,
  longitude: 77.59,
  mark: 'pending',
  reason: null,
  markedDate: null,
  markedTime: null,
  markLatitude: null,
  markLongitude: null,
  markAccuracy: null,
  markedByName: null,
  ...over,
});

const run: Run = {
  id: 3,
  ngoId: 1,
  ngoName: 'Green Paws',
  runDate: '2026-11-29',
  kind: 'catching',
  status: 'ended',
  vehicle: 'KA-01',
  locality: 'Gandhi Nagar, east',
  totalMetres: 3200,
  stopCount: 2,
  doneCount: 2,
  squad: [{ id: 4, name: 'Wasim' }],
  startSource: 'device',
  startLatitude: 12.97,
  startLongitude: 77.59,
  startedAt: '2026-11-29T01:30:00.000Z',
  endedAt: '2026-11-29T04:00:00.000Z',
  stops: [
    stop({ caseId: 12, uniqueID: 'D-7', mark: 'pickedUp', markedDate: '2026-11-29', markedTime: '07:30', markLatitude: 12.9743, markLongitude: 77.5946 }),
    stop({ id: 2, position: 2, caseId: 13, mark: 'refused', reason: '=feeder said "later"', markedDate: '2026-11-29', markedTime: '07:45', markLatitude: 12.98, markLongitude: 77.6 }),
  ],
};

describe('registerCsv', () => {
  it("writes the run's details on each dog's line, the capture time and point only for a dog caught, and defuses formulas", () => {
    const lines = registerCsv(run, t).replace(/^\ufeff/, '').trimEnd().split('\r\n');
    expect(lines).toHaveLength(3);
    expect(lines[0]).toBe('Locality,Run date,Started,Ended,Squad,Vehicle,Case number,Animal ID,Capture time,latitude,longitude,Mark,Reason');
    expect(lines[1]).toBe('"Gandhi Nagar, east",2026-11-29,2026-11-29T01:30:00.000Z,2026-11-29T04:00:00.000Z,Wasim,KA-01,12,D-7,2026-11-29 07:30,12.9743,77.5946,Picked up,');
    expect(lines[2]).toBe(`"Gandhi Nagar, east",2026-11-29,2026-11-29T01:30:00.000Z,2026-11-29T04:00:00.000Z,Wasim,KA-01,13,,,,,Refused,"'=feeder said ""later"""`);
  });
});
