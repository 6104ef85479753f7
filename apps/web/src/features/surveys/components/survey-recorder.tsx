import { Alert, Button, Group, Paper, SimpleGrid, Stack, Switch, Text, TextInput } from '@mantine/core';
import { IconArrowBackUp, IconCheck, IconEar, IconEarOff } from '@tabler/icons-react';
import type { Ward } from '@rescuedesk/shared';
import { useEffect, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { ImageUploader } from '../../../components/images/image-uploader';
import { PageTitle } from '../../../components/ui/page-title';
import { useT } from '../../../lib/i18n/use-t';
import { notifyError } from '../../../lib/notify';
import { useWardCoverage } from '../api/get-ward-coverage';
import { useSurvey } from '../api/get-survey';
import { newSurveyUid, queueSighting, queueSurveyStart, undoSighting, useSurveyAnswers, useSurveyDogs } from '../api/survey-writes';
import { surveyPath, wardPath } from '../paths';

/** Today on the phone's calendar, YYYY-MM-DD. */
function today(): string {
  const now = new Date();
  return `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-${String(now.getDate()).padStart(2, '0')}`;
}

/**
 * /ward/survey?ward=…&survey=…: a survey walk on a phone (docs/coverage.md#running-a-survey). One tap
 * per dog, each tap a write in the outbox, so the walk goes on without a network.
 */
export function SurveyRecorder({ wardId, surveyUid }: { wardId: number | null; surveyUid: string | null }) {
  const t = useT();
  // The ward as kept on the device from its page (offline, it may not be known: the walk goes on).
  const ward = useWardCoverage(wardId).data?.ward;
  useSurveyAnswers();
  if (wardId === null) return <Alert color="red">{t('surveys.error.wardNotFound')}</Alert>;
  return (
    <Stack gap="md" maw={560}>
      <PageTitle>{ward ? `${t('surveys.record.title')}: ${ward.name}` : t('surveys.record.title')}</PageTitle>
      {surveyUid === null ? <StartSurvey wardId={wardId} ward={ward} /> : <Tally wardId={wardId} ward={ward} surveyUid={surveyUid} />}
    </Stack>
  );
}

function StartSurvey({ wardId, ward }: { wardId: number; ward: Ward | undefined }) {
  const t = useT();
  const navigate = useNavigate();
  const [date, setDate] = useState(today);
  const [route, setRoute] = useState('');
  const start = () => {
    const uid = newSurveyUid();
    queueSurveyStart({ uid, wardId, surveyDate: date, routeNote: route.trim() || null }, ward?.name ?? '').catch(notifyError);
    void navigate(surveyPath(wardId, uid), { replace: true });
  };
  return (
    <Stack gap="sm">
      <TextInput type="date" label={t('surveys.field.surveyDate')} value={date} onChange={(e) => setDate(e.currentTarget.value)} size="md" required />
      <TextInput label={t('surveys.field.routeNote')} value={route} onChange={(e) => setRoute(e.currentTarget.value)} size="md" maxLength={500} />
      <Button size="lg" onClick={start} disabled={!date}>
        {t('surveys.record.start')}
      </Button>
    </Stack>
  );
}

interface Fix {
  latitude: number;
  longitude: number;
  accuracyM: number;
}

/** The phone's position while the walk goes on; null until one is known (or never, when refused). */
function usePosition(): Fix | null {
  const [fix, setFix] = useState<Fix | null>(null);
  useEffect(() => {
    if (!('geolocation' in navigator)) return undefined;
    const id = navigator.geolocation.watchPosition(
      (p) => setFix({ latitude: +p.coords.latitude.toFixed(7), longitude: +p.coords.longitude.toFixed(7), accuracyM: Math.round(p.coords.accuracy) }),
      () => setFix(null),
      { enableHighAccuracy: true, maximumAge: 30_000 },
    );
    return () => navigator.geolocation.clearWatch(id);
  }, []);
  return fix;
}

function Tally({ wardId, ward, surveyUid }: { wardId: number; ward: Ward | undefined; surveyUid: string }) {
  const t = useT();
  const server = useSurvey(surveyUid).data;
  const { dogs, waiting } = useSurveyDogs(surveyUid, server);
  const [vaccinated, setVaccinated] = useState(false);
  const [photo, setPhoto] = useState<string | null>(null);
  const fix = usePosition();
  const notched = dogs.filter((d) => d.notched).length;

  const tap = (isNotched: boolean) => {
    queueSighting({ surveyUid, uid: newSurveyUid(), notched: isNotched, vaccinated, seenAt: new Date().toISOString(), ...(fix ?? {}), ...(photo ? { photo } : {}) }).catch(notifyError);
    setVaccinated(false);
    setPhoto(null);
  };
  const last = dogs.at(-1);

  return (
    <Stack gap="md">
      <Paper withBorder radius="md" p="sm">
        <Text size="xl" fw={700} role="status" aria-live="polite" data-testid="survey-count">
          {t('surveys.record.count', { count: dogs.length, notched, unnotched: dogs.length - notched })}
        </Text>
        <Text size="sm" c="dimmed">
          {fix ? t('surveys.record.location', { accuracy: fix.accuracyM }) : t('surveys.record.noLocation')}
          {waiting > 0 ? ` · ${t('surveys.record.waiting', { count: waiting })}` : ''}
        </Text>
      </Paper>
      <Switch size="lg" label={t('surveys.record.vaccinated')} checked={vaccinated} onChange={(e) => setVaccinated(e.currentTarget.checked)} />
      <SimpleGrid cols={2} spacing="sm">
        <Button h={96} size="xl" color="teal.8" onClick={() => tap(true)} leftSection={<IconEar size={26} aria-hidden />} styles={{ label: { whiteSpace: 'normal' } }}>
          {t('surveys.record.notched')}
        </Button>
        <Button h={96} size="xl" color="indigo.8" onClick={() => tap(false)} leftSection={<IconEarOff size={26} aria-hidden />} styles={{ label: { whiteSpace: 'normal' } }}>
          {t('surveys.record.notNotched')}
        </Button>
      </SimpleGrid>
      <ImageUploader multiple={false} label={t('surveys.record.photo')} fieldName="AnimalPictures" ngoId={ward?.ngoId ?? null} value={photo} onChange={setPhoto} size="md" />
      <Group grow gap="sm">
        <Button size="md" variant="default" leftSection={<IconArrowBackUp size={18} />} disabled={!last} onClick={() => last && undoSighting(surveyUid, last.uid).catch(notifyError)}>
          {t('surveys.record.undo')}
        </Button>
        <Button size="md" component={Link} to={wardPath(wardId)} leftSection={<IconCheck size={18} />} styles={{ label: { whiteSpace: 'normal' } }}>
          {t('surveys.record.finish')}
        </Button>
      </Group>
    </Stack>
  );
}
