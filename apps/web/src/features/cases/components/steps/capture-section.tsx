import { useState } from 'react';
import dayjs from 'dayjs';
import { Autocomplete, MultiSelect } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { useT } from '../../../../lib/i18n/use-t';
import { staffComing, useCaseStaff } from '../../api/get-case-staff';
import { useDirectoryChoices } from '../../api/get-directory-choices';
import { useWardSuggestions } from '../../api/get-ward-suggestions';
import type { EditedCase } from '../draft-case';
import touch from '../touch-target.module.css';
import classes from './step-fields.module.css';
import { AbcSection, anyFilled } from './abc-section';
import { GpsPoint, degreesText, metresText, type LocatedPoint } from './gps-point';
import { PointMap } from './point-map';
import type { ReportingValues } from './reporting-step';
import { DateField, TimeField } from './step-fields';
import { FIELD_SIZE, currentTime, today } from './step-values';

interface CaptureSectionProps {
  caseRecord: EditedCase;
  form: UseFormReturnType<ReportingValues>;
}

/**
 * The reporter step's ABC capture (docs/product.md#abc-programme-records): where the animal was
 * caught (one tap on the phone's location, or a photo's GPS data, or typed), when (stamped with the
 * moment, editable: saving confirms it), by which squad, in which ward/zone, and a map of the point.
 */
export function CaptureSection({ caseRecord, form }: CaptureSectionProps) {
  const t = useT();
  const detail = caseRecord.reportingDetail;
  const values = form.values;
  const staff = useCaseStaff(caseRecord.id);
  // The NGO's active staff, kept on the device since sign-in: the squad's choices offline for a case whose own staff list never came.
  // A new case not saved yet carries its NGO from its draft: the signed-in user's, or the one an Admin chose.
  const ngoStaff = useDirectoryChoices(caseRecord.ngoId).data?.staff;
  const [wardFocused, setWardFocused] = useState(false);
  const wards = useWardSuggestions(values.wardZone, caseRecord.ngoId, wardFocused);
  const input = form.getInputProps;
  const ward = input('wardZone');

  const located = (point: LocatedPoint) => {
    const at = point.takenAt ? dayjs(point.takenAt) : null;
    form.setValues({
      captureLatitude: degreesText(point.latitude),
      captureLongitude: degreesText(point.longitude),
      captureAccuracy: point.accuracy === null ? '' : metresText(point.accuracy),
      captureSource: point.source,
      captureDate: at ? at.format('YYYY-MM-DD') : today(),
      captureTime: at ? at.format('HH:mm') : currentTime(),
    });
  };

  const members = staff.data ?? ngoStaff ?? [];
  const squadData = members.map((member) => ({ value: String(member.id), label: member.active ? member.name : t('cases.abc.formerStaff', { name: member.name }) }));
  // Offline, on a device that never loaded this case's staff, a member's name is not there: the pill
  // says 'Staff member' (a longer text is cut short in it), not its number, and the note says why.
  const unnamed = staffComing(staff) ? [] : values.catchingSquad.filter((id) => !members.some((member) => member.id === id));
  for (const id of unnamed) squadData.push({ value: String(id), label: t('cases.abc.staffMember') });
  // A new case offers the NGO's staff at once: the squad is chosen at the first capture, saved with the case.
  const squadNote =
    staff.isError && ngoStaff === undefined
      ? t('cases.abc.staffFailed')
      : unnamed.length > 0 && staff.data === undefined
        ? t('cases.abc.namesNotOnDevice')
        : undefined;

  return (
    <AbcSection
      caseRecord={caseRecord}
      title={t('cases.abc.capture')}
      filled={anyFilled(detail.captureLatitude, detail.captureDate, detail.catchingSquad, detail.wardZone)}
    >
      <GpsPoint
        withPhoto
        latitude={input('captureLatitude')}
        longitude={input('captureLongitude')}
        accuracy={input('captureAccuracy')}
        labels={{ latitude: 'cases.abc.captureLatitude', longitude: 'cases.abc.captureLongitude', accuracy: 'field.captureAccuracy' }}
        source={values.captureSource}
        onLocated={located}
        onTyped={() => form.setFieldValue('captureSource', 'manual')}
      />
      <PointMap latitude={values.captureLatitude} longitude={values.captureLongitude} accuracy={values.captureAccuracy} label={t('cases.abc.captureMap')} />
      <DateField label={t('field.captureDate')} inputProps={input('captureDate')} />
      <TimeField label={t('field.captureTime')} inputProps={input('captureTime')} />
      <MultiSelect
        size={FIELD_SIZE}
        label={t('field.catchingSquad')}
        description={squadNote}
        data={squadData}
        value={values.catchingSquad.map(String)}
        onChange={(ids) => form.setFieldValue('catchingSquad', ids.map(Number))}
        error={form.errors.catchingSquad}
        searchable
        clearable
        classNames={{ inputField: classes.squadField }}
        clearButtonProps={{ className: touch.target, style: { background: 'transparent' }, 'aria-label': t('cases.step.clearField', { field: t('field.catchingSquad') }) }}
      />
      <Autocomplete
        size={FIELD_SIZE}
        label={t('field.wardZone')}
        placeholder={t('cases.abc.wardPlaceholder')}
        data={wards.data ?? []}
        autoComplete="off"
        {...ward}
        onFocus={(event) => {
          setWardFocused(true);
          ward.onFocus?.(event);
        }}
      />
    </AbcSection>
  );
}
