import { describe, expect, it } from 'vitest';
import { caseRuleProblem, haversineMetres, releaseDistanceOf } from './case-rules';

describe('release distance', () => {
  it('measures great-circle distances in metres', () => {
    // One degree of latitude is about 111.2 km anywhere; Bengaluru to Mysuru is about 128 km in a straight line.
    expect(Math.round(haversineMetres({ lat: 12, lon: 77 }, { lat: 13, lon: 77 }))).toBe(111_195);
    expect(Math.round(haversineMetres({ lat: 12.9716, lon: 77.5946 }, { lat: 12.2958, lon: 76.6394 }) / 1000)).toBe(128);
    expect(haversineMetres({ lat: 12.9716, lon: 77.5946 }, { lat: 12.9716, lon: 77.5946 })).toBe(0);
  });

  it('is known only when both points are complete, in whole metres', () => {
    const capture = { captureLatitude: 12.9716, captureLongitude: 77.5946 };
    expect(releaseDistanceOf({ ...capture, releaseLatitude: 12.9716 + 250 / 111_195, releaseLongitude: 77.5946 })).toBe(250);
    expect(releaseDistanceOf({ ...capture, releaseLatitude: 12.98, releaseLongitude: null })).toBeNull();
    expect(releaseDistanceOf({ releaseLatitude: 12.98, releaseLongitude: 77.59 })).toBeNull();
  });
});

describe('case rules', () => {
  it('checks a rule only when the save touches one of its fields', () => {
    const broken = { animalGender: 'Male', animalPregnant: 'Yes' };
    expect(caseRuleProblem(broken, new Set(['animalColor']))).toBeNull();
    expect(caseRuleProblem(broken, new Set(['animalGender']))).toBe('Pregnant cannot be Yes for a male animal');
    expect(caseRuleProblem(broken, 'all')).toBe('Pregnant cannot be Yes for a male animal');
  });

  it('treats an empty image list as no operation recorded', () => {
    const unfit = { fitForSurgery: 'No', unfitReason: 'Sick', organImage: [], vetName: null };
    expect(caseRuleProblem(unfit, 'all')).toBeNull();
    expect(caseRuleProblem({ ...unfit, organImage: ['a.jpg'] }, 'all')).toBe('This animal is not fit for surgery, so no operation can be recorded (Organ Pictures)');
  });

  it('compares the release with the capture by date, then by time on the same day', () => {
    const capture = { captureDate: '2026-11-20', captureTime: '18:00' };
    expect(caseRuleProblem({ ...capture, releaseDate: '2026-11-21', releaseTime: '06:00' }, 'all')).toBeNull();
    expect(caseRuleProblem({ ...capture, releaseDate: '2026-11-20' }, 'all')).toBeNull();
    expect(caseRuleProblem({ ...capture, releaseDate: '2026-11-20', releaseTime: '17:59' }, 'all')).toBe('The release (2026-11-20 17:59) cannot be before the capture (2026-11-20 18:00)');
  });
});
