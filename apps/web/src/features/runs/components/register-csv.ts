import type { Run, Translate } from '@rescuedesk/shared';

/** A CSV field: quoted when it holds a comma, a quote or a line break; a leading = + - @ is defused for spreadsheets. */
function field(value: string | number | null | undefined): string {
  let text = value === null || value === undefined ? '' : String(value);
  if (/^[=+\-@]/.test(text)) text = `'${text}`;
  return /[",\n\r]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

const captured = (mark: string) => mark === 'pickedUp' || mark === 'released';

/**
 * The run's capture register as CSV (docs/product.md#runs): the run's locality, date, times, squad
 * and vehicle on each line, then each dog: case number, animal ID, capture time and GPS, its mark.
 */
export function registerCsv(run: Run, t: Translate): string {
  const head = [
    t('runs.field.locality'),
    t('runs.field.runDate'),
    t('runs.register.startedAt'),
    t('runs.register.endedAt'),
    t('runs.field.squad'),
    t('runs.field.vehicle'),
    t('runs.csv.caseNumber'),
    t('runs.csv.uniqueId'),
    t('runs.register.captureTime'),
    'latitude',
    'longitude',
    t('runs.field.mark'),
    t('runs.field.reason'),
  ];
  const squad = run.squad.map((s) => s.name).join('; ');
  const lines = run.stops.map((s) =>
    [
      run.locality,
      run.runDate,
      run.startedAt,
      run.endedAt,
      squad,
      run.vehicle,
      s.caseId,
      s.uniqueID,
      ...(captured(s.mark) ? [s.markedDate && s.markedTime ? `${s.markedDate} ${s.markedTime}` : '', s.markLatitude, s.markLongitude] : ['', '', '']),
      t(`runs.mark.${s.mark}`),
      s.reason,
    ]
      .map(field)
      .join(','),
  );
  // A byte-order mark, so a spreadsheet reads the Devanagari as UTF-8.
  return `\ufeff${[head.map(field).join(','), ...lines].join('\r\n')}\r\n`;
}

export function downloadRegisterCsv(run: Run, t: Translate): void {
  const url = URL.createObjectURL(new Blob([registerCsv(run, t)], { type: 'text/csv;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = `capture-register-${run.runDate}-run-${run.id}.csv`;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
