import { describe, expect, it } from 'vitest';
import { MAX_WEIGHT_KG, caseRuleProblem, haversineMetres, releaseCheckOf, releaseDistanceOf } from './case-rules';

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
    expect(caseRuleProblem({ ...capture, releaseDate: '2026-11-20', releaseTime: '17:59' }, 'all')).toBe('Release Time (2026-11-20 17:59) cannot be before Capture Time (2026-11-20 18:00)');
    expect(caseRuleProblem({ ...capture, releaseDate: '2026-11-19', releaseTime: '19:00' }, 'all')).toBe('Release Date (2026-11-19) cannot be before Capture Date (2026-11-20)');
  });
});

describe('plausible weights', () => {
  it('refuses a weight more than the species can weigh, naming the weight and the species', () => {
    expect(caseRuleProblem({ animalSpecies: 'Dog', animalWeight: 250 }, 'all')).toBe('Weight (250 kg) is more than a Dog can weigh (at most 160 kg): check Weight and Species');
    expect(caseRuleProblem({ animalSpecies: 'Cat', animalWeight: '30' }, 'all')).toMatch(/^Weight \(30 kg\) is more than a Cat can weigh \(at most 25 kg\)/);
    expect(caseRuleProblem({ animalSpecies: 'Dog', animalWeight: 155.6 }, 'all')).toBeNull();
    expect(caseRuleProblem({ animalSpecies: 'Other', animalWeight: 900 }, 'all')).toBeNull();
    expect(caseRuleProblem({ animalSpecies: null, animalWeight: 250 }, 'all')).toBeNull();
  });

  it('checks the weight again when the species changes', () => {
    expect(caseRuleProblem({ animalSpecies: 'Cat', animalWeight: 40 }, new Set(['animalSpecies']))).toMatch(/more than a Cat can weigh/);
    expect(caseRuleProblem({ animalSpecies: 'Cat', animalWeight: 40 }, new Set(['animalColor']))).toBeNull();
  });

  it('bounds every species option', () => {
    expect(Object.keys(MAX_WEIGHT_KG).sort()).toEqual(['Bird', 'Cat', 'Dog', 'Other']);
  });
});

describe('release where caught', () => {
  const capture = { captureLatitude: 12.9716, captureLongitude: 77.5946 };
  const release = { releaseLatitude: 12.9716 + 100 / 111_195, releaseLongitude: 77.5946 };

  it('passes a release within the limit from precise points', () => {
    expect(releaseCheckOf({ ...capture, ...release, captureAccuracy: 8, releaseAccuracy: 20 }, 500)).toEqual({ distance: 100, failed: null, accuracy: null });
  });

  it('treats a point less precise than the limit as unverified, never as passed', () => {
    expect(releaseCheckOf({ ...capture, ...release, captureAccuracy: 8, releaseAccuracy: 650 }, 500)).toEqual({ distance: 100, failed: 'unverified', accuracy: 650 });
    expect(releaseCheckOf({ ...capture, ...release, captureAccuracy: 1200, releaseAccuracy: 5 }, 500)).toEqual({ distance: 100, failed: 'unverified', accuracy: 1200 });
    expect(releaseCheckOf({ ...capture, ...release, releaseAccuracy: 500 }, 500).failed).toBeNull();
  });

  it('fails a release beyond the limit, and checks nothing without both points', () => {
    expect(releaseCheckOf({ ...capture, ...release }, 50)).toEqual({ distance: 100, failed: 'far', accuracy: null });
    expect(releaseCheckOf({ ...capture, releaseAccuracy: 900 }, 500)).toEqual({ distance: null, failed: null, accuracy: null });
  });
});
