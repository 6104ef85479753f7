import { useDebouncedValue } from '@mantine/hooks';
import { IMAGE_FILE_NAME_PATTERN, isCalendarDate, type CaseDuplicatesInput } from '@rescuedesk/shared';
import { DuplicateList } from '../../../../components/duplicates/duplicate-list';
import { useT } from '../../../../lib/i18n/use-t';
import { useCaseDuplicates } from '../../api/get-case-duplicates';
import type { EditedCase } from '../draft-case';

interface Typed {
  captureLatitude: string;
  captureLongitude: string;
  reportedDate: string;
  reportedTime: string;
}

/** What to ask about, from the step as typed: null until the capture point is a real point. */
function inputOf(caseRecord: EditedCase, values: Typed): CaseDuplicatesInput | null {
  const latitude = Number(values.captureLatitude);
  const longitude = Number(values.captureLongitude);
  if (values.captureLatitude.trim() === '' || values.captureLongitude.trim() === '') return null;
  if (!Number.isFinite(latitude) || !Number.isFinite(longitude) || Math.abs(latitude) > 90 || Math.abs(longitude) > 180) return null;
  const species = caseRecord.animalDetail.animalSpecies;
  // Photos still on this device (taken offline) have no hash on the server yet.
  const pictures = (caseRecord.animalDetail.animalPictures ?? []).filter((name) => IMAGE_FILE_NAME_PATTERN.test(name));
  return {
    ...(caseRecord.id !== null && caseRecord.id > 0 ? { caseId: caseRecord.id } : {}),
    ...(caseRecord.ngoId !== null ? { ngoId: caseRecord.ngoId } : {}),
    latitude,
    longitude,
    ...(species === 'Dog' || species === 'Cat' || species === 'Bird' || species === 'Other' ? { animalSpecies: species } : {}),
    ...(isCalendarDate(values.reportedDate) ? { reportedDate: values.reportedDate } : {}),
    ...(/^([01]\d|2[0-3]):[0-5]\d$/.test(values.reportedTime) ? { reportedTime: values.reportedTime } : {}),
    ...(pictures.length > 0 ? { pictures } : {}),
  };
}

/**
 * While a case is still Reported, the open cases and untriaged public reports that may be the same
 * animal, once its capture point is typed (docs/citizen-reports.md#duplicate-suggestions). Asked for
 * a moment after typing stops; offline, nothing is shown.
 */
export function CaseDuplicates({ caseRecord, values }: { caseRecord: EditedCase; values: Typed }) {
  const t = useT();
  const input = caseRecord.status === 'Reported' ? inputOf(caseRecord, values) : null;
  const [settled] = useDebouncedValue(input === null ? '' : JSON.stringify(input), 600);
  const suggestions = useCaseDuplicates(settled === '' ? null : (JSON.parse(settled) as CaseDuplicatesInput));
  return <DuplicateList suggestions={input === null ? undefined : suggestions.data} headingId="case-duplicates" t={t} />;
}
