import { useState, type ChangeEvent } from 'react';
import { Button, FileButton, Group, Stack, Text } from '@mantine/core';
import type { GetInputPropsReturnType } from '@mantine/form';
import { IconAlertTriangle, IconCurrentLocation, IconPhotoPin } from '@tabler/icons-react';
import { POOR_FIX_ACCURACY_M, optionKey, type MessageKey } from '@rescuedesk/shared';
import { useT } from '../../../../lib/i18n/use-t';
import { TextField } from './step-fields';
import classes from './step-fields.module.css';

/** A point as the phone or a photo gave it: degrees, the accuracy in metres (unknown for a photo), and when. */
export interface LocatedPoint {
  latitude: number;
  longitude: number;
  accuracy: number | null;
  source: 'device' | 'photo';
  /** When the photo was taken (its EXIF time); null: now. */
  takenAt: Date | null;
}

/** How long the phone may look for a fix before we say so (high accuracy takes a while outdoors). */
const GEOLOCATION_TIMEOUT_MS = 20_000;

/** The location buttons' labels wrap where the step is narrower than they are (beside the sidebar). */
const WRAP = { root: classes.wrapButton, label: classes.wrapLabel };

/** Degrees with 7 decimals (about 1 cm) and accuracy with one decimal, as text for the form. */
export const degreesText = (value: number) => String(Number(value.toFixed(7)));
export const metresText = (value: number) => String(Math.round(value * 10) / 10);

type Problem = 'geoDenied' | 'geoUnavailable' | 'geoTimeout' | 'geoUnsupported' | 'photoNoGps';

function geolocationProblem(error: GeolocationPositionError): Problem {
  if (error.code === error.PERMISSION_DENIED) return 'geoDenied';
  if (error.code === error.TIMEOUT) return 'geoTimeout';
  return 'geoUnavailable';
}

/** A photo's GPS position and time from its EXIF data, read in the browser from the original file (exifr, loaded on first use). */
async function pointOfPhoto(file: File): Promise<LocatedPoint | null> {
  const exifr = (await import('exifr')).default;
  const gps = await exifr.gps(file).catch(() => undefined);
  if (!gps || !Number.isFinite(gps.latitude) || !Number.isFinite(gps.longitude)) return null;
  const meta: unknown = await exifr.parse(file, ['DateTimeOriginal']).catch(() => undefined);
  const taken = typeof meta === 'object' && meta !== null && 'DateTimeOriginal' in meta && meta.DateTimeOriginal instanceof Date ? meta.DateTimeOriginal : null;
  return { latitude: gps.latitude, longitude: gps.longitude, accuracy: null, source: 'photo', takenAt: taken };
}

interface GpsPointProps {
  latitude: GetInputPropsReturnType;
  longitude: GetInputPropsReturnType;
  accuracy: GetInputPropsReturnType;
  /** The labels' keys of the three (the Hindi of field.*Latitude keeps the English word in brackets, which the page does not show). */
  labels: { latitude: MessageKey; longitude: MessageKey; accuracy: MessageKey };
  /** The point's source as stored ('device', 'photo', 'manual'), when the step keeps one. */
  source?: string;
  /** Whether "Location from a photo" is offered. */
  withPhoto?: boolean;
  /** The phone or a photo gave a point: fill the fields (and stamp the moment). */
  onLocated: (point: LocatedPoint) => void;
  /** The user typed a coordinate. */
  onTyped?: () => void;
}

/**
 * A point in one tap: "Use my location" asks the phone (high accuracy, with a time limit) and shows
 * the accuracy; "Location from a photo" reads a photo's GPS data. The coordinates stay editable.
 */
export function GpsPoint({ latitude, longitude, accuracy, labels, source, withPhoto = false, onLocated, onTyped }: GpsPointProps) {
  const t = useT();
  const [locating, setLocating] = useState(false);
  const [problem, setProblem] = useState<Problem | null>(null);

  const locate = () => {
    if (!('geolocation' in navigator)) {
      setProblem('geoUnsupported');
      return;
    }
    setLocating(true);
    setProblem(null);
    navigator.geolocation.getCurrentPosition(
      (position) => {
        setLocating(false);
        onLocated({ latitude: position.coords.latitude, longitude: position.coords.longitude, accuracy: position.coords.accuracy, source: 'device', takenAt: null });
      },
      (error) => {
        setLocating(false);
        setProblem(geolocationProblem(error));
      },
      { enableHighAccuracy: true, timeout: GEOLOCATION_TIMEOUT_MS, maximumAge: 0 },
    );
  };

  const fromPhoto = (file: File | null) => {
    if (!file) return;
    setProblem(null);
    void pointOfPhoto(file).then((point) => {
      if (point) onLocated(point);
      else setProblem('photoNoGps');
    });
  };

  const typed = (input: GetInputPropsReturnType) => ({
    ...input,
    onChange: (event: ChangeEvent<HTMLInputElement>) => {
      input.onChange(event);
      setProblem(null);
      onTyped?.();
    },
  });

  const accuracyValue = typeof accuracy.value === 'string' && accuracy.value !== '' ? accuracy.value : null;
  // A fix worse than this is flagged to the worker: the point may be far from where they stand.
  const poorFix = accuracyValue !== null && Number(accuracyValue) > POOR_FIX_ACCURACY_M;
  const sourceLabel = source === 'device' || source === 'photo' || source === 'manual' ? t(optionKey('captureSource', source)) : null;
  return (
    <>
      <Stack gap={6} style={{ gridColumn: '1 / -1' }}>
        <Group gap="sm">
          <Button size="md" classNames={WRAP} leftSection={<IconCurrentLocation size={18} aria-hidden />} loading={locating} onClick={locate}>
            {t('cases.abc.useMyLocation')}
          </Button>
          {withPhoto ? (
            <FileButton accept="image/jpeg,image/heic,image/*" onChange={fromPhoto}>
              {(props) => (
                <Button size="md" variant="light" classNames={WRAP} leftSection={<IconPhotoPin size={18} aria-hidden />} {...props}>
                  {t('cases.abc.fromPhoto')}
                </Button>
              )}
            </FileButton>
          ) : null}
        </Group>
        <div aria-live="polite">
          {locating ? (
            <Text size="sm" c="dimmed">
              {t('cases.abc.locating')}
            </Text>
          ) : problem ? (
            <Text size="sm" c="red.8">
              {t(`cases.abc.${problem}`)}
            </Text>
          ) : accuracyValue !== null || sourceLabel !== null ? (
            <>
              <Text size="sm">
                {[accuracyValue !== null ? t('cases.abc.accuracy', { accuracy: accuracyValue }) : null, sourceLabel !== null ? t('cases.abc.source', { source: sourceLabel }) : null]
                  .filter(Boolean)
                  .join(' · ')}
              </Text>
              {poorFix ? (
                <Group gap={6} wrap="nowrap" c="orange.9" align="flex-start">
                  <IconAlertTriangle size={18} aria-hidden style={{ flexShrink: 0, marginTop: 2 }} />
                  <Text size="sm" fw={600}>
                    {t('cases.abc.poorFix', { accuracy: accuracyValue ?? '', limit: POOR_FIX_ACCURACY_M })}
                  </Text>
                </Group>
              ) : null}
            </>
          ) : null}
        </div>
      </Stack>
      <TextField label={t(labels.latitude)} inputMode="decimal" autoComplete="off" inputProps={typed(latitude)} />
      <TextField label={t(labels.longitude)} inputMode="decimal" autoComplete="off" inputProps={typed(longitude)} />
      <TextField label={t(labels.accuracy)} inputMode="decimal" autoComplete="off" inputProps={accuracy} />
    </>
  );
}
