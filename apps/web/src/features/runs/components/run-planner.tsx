import { useMemo, useState } from 'react';
import { Alert, Button, Checkbox, CloseButton, Grid, Group, MultiSelect, Paper, SegmentedControl, Select, Stack, Text, TextInput, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useNavigate, useSearchParams } from 'react-router';
import { CASE_STATUSES, can, haversineMetres, MAX_RUN_STOPS, optionKey, planTour, type Me, type NgoBase, type RunCandidate, type RunKind } from '@rescuedesk/shared';
import { PageTitle } from '../../../components/ui/page-title';
import { useErrorToast } from '../../../hooks/use-error-toast';
import { api } from '../../../lib/api-client';
import { formatNumber } from '../../../lib/i18n/format';
import { useT } from '../../../lib/i18n/use-t';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { newWriteKey as randomKey } from '../api/write-key';
import { useDirectoryChoices } from '../../cases/api/get-directory-choices';
import { localDate as today } from './local-time';
import { useCreateRun } from '../api/create-run';
import { useRunCandidates } from '../api/get-run-candidates';
import { runSheetPath } from '../paths';
import { useDevicePosition } from './use-device-position';

type StartChoice = 'device' | 'ngo';

/** The circles "near this device" offers, in km. */
const NEAR_KM = ['1', '2', '5', '10', '20'] as const;

/**
 * The cases handed to the planner in its address (`?cases=1,2,3`, from the map's picks): whole
 * numbers, each once, at most a run's worth. What could not be read is said, never guessed at.
 */
export function casesOfAddress(value: string | null): { ids: number[]; unreadable: boolean; tooMany: boolean } {
  if (value === null || value.trim() === '') return { ids: [], unreadable: false, tooMany: false };
  const parts = value.split(',').map((p) => p.trim());
  const ids = [...new Set(parts.filter((p) => /^[1-9]\d{0,11}$/.test(p)).map(Number))];
  return { ids: ids.slice(0, MAX_RUN_STOPS), unreadable: parts.some((p) => !/^[1-9]\d{0,11}$/.test(p)), tooMany: ids.length > MAX_RUN_STOPS };
}

/**
 * Planning a run at a desk (docs/product.md#runs): open cases with a GPS point, filtered by status
 * and a locality or pincode search, chosen one by one; the stops in the tour's order from the start
 * point with the total distance; saved, it opens the run sheet.
 */
export function RunPlanner({ me }: { me: Me }) {
  const t = useT();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [fromAddress] = useState(() => casesOfAddress(params.get('cases')));
  const [search, setSearch] = useState('');
  const [status, setStatus] = useState<string | null>(null);
  const [chosen, setChosen] = useState<RunCandidate[]>([]);
  const [kind, setKind] = useState<RunKind>('catching');
  const [runDate, setRunDate] = useState(today());
  const [vehicle, setVehicle] = useState('');
  const [locality, setLocality] = useState('');
  const [squad, setSquad] = useState<string[]>([]);
  const [startChoice, setStartChoice] = useState<StartChoice>('device');
  const [keepAsBase, setKeepAsBase] = useState(false);
  const [key] = useState(randomKey);
  const [nearOnly, setNearOnly] = useState(false);
  const [nearKm, setNearKm] = useState<string>('5');
  const device = useDevicePosition(startChoice === 'device' || nearOnly);
  const keepsBase = can(me.role, 'ngo.manage');
  const base = useQuery({ queryKey: ['runs', 'ngo-base', me.ngoId], queryFn: () => api.post<NgoBase>('/run/getNgoBase', {}), enabled: me.ngoId !== null });
  const here = device.position;
  const near = nearOnly && here ? { latitude: here.latitude, longitude: here.longitude, radiusKm: Number(nearKm) } : undefined;
  const candidates = useRunCandidates({ search: search.trim() || undefined, status: status as RunCandidate['status'] | null, ...(near ? { near } : {}), pageSize: 100 });
  // The cases from the address are checked by the server (this NGO's, open, with a GPS point) and
  // chosen once; those it does not answer are named as left out. It checks again on save.
  const handed = useRunCandidates({ ids: fromAddress.ids, pageSize: 100 }, fromAddress.ids.length > 0);
  const [dropped, setDropped] = useState<number[] | null>(null);
  if (dropped === null && handed.data && !handed.isPlaceholderData) {
    // Set while rendering, once: the server's first answer (react.dev "adjusting state when a prop changes").
    const found = new Map(handed.data.data.map((c) => [c.id, c]));
    setChosen(fromAddress.ids.filter((id) => found.has(id)).map((id) => found.get(id)!));
    setDropped(fromAddress.ids.filter((id) => !found.has(id)));
  }
  const staff = useDirectoryChoices(me.ngoId).data?.staff ?? [];
  const create = useCreateRun();
  useErrorToast(candidates.error ?? handed.error);

  const start = startChoice === 'device' ? device.position : (base.data ?? null);
  const tour = useMemo(() => (start ? planTour({ lat: start.latitude, lon: start.longitude }, chosen.map((c) => ({ lat: c.latitude, lon: c.longitude }))) : null), [start, chosen]);
  const ordered = tour ? tour.order.map((i) => chosen[i]!) : chosen;
  const isChosen = (id: number) => chosen.some((c) => c.id === id);
  const toggle = (c: RunCandidate) => setChosen((list) => (list.some((x) => x.id === c.id) ? list.filter((x) => x.id !== c.id) : [...list, c]));

  const save = async () => {
    if (!start) return;
    try {
      const run = await create.mutateAsync({
        idempotencyKey: key,
        runDate,
        kind,
        squad: squad.map(Number),
        vehicle: vehicle || null,
        locality: locality || null,
        start: startChoice === 'ngo' ? { source: 'ngo' } : { source: 'device', latitude: start.latitude, longitude: start.longitude, keepAsNgoBase: keepAsBase },
        caseIds: ordered.map((c) => c.id),
      });
      notifySuccess(t('runs.plan.saved'));
      void navigate(runSheetPath(run.id));
    } catch (error) {
      notifyError(error);
    }
  };

  const place = (c: RunCandidate) => [c.location, c.landmark, c.pincode].filter(Boolean).join(', ');
  const away = (c: RunCandidate) =>
    near ? ` · ${t('runs.plan.away', { km: formatNumber(haversineMetres({ lat: near.latitude, lon: near.longitude }, { lat: c.latitude, lon: c.longitude }) / 1000, { maximumFractionDigits: 1 }) })}` : '';
  const fromMap = dropped === null ? null : fromAddress.ids.length - dropped.length;

  return (
    <Stack>
      <PageTitle>{t('runs.plan.title')}</PageTitle>
      {fromMap ? (
        <Alert color="blue" role="status" data-testid="run-from-map">
          {t('runs.plan.fromMap', { count: fromMap })}
        </Alert>
      ) : null}
      {dropped && dropped.length > 0 ? (
        <Alert color="orange" role="alert" data-testid="run-dropped">
          {t('runs.plan.dropped', { count: dropped.length, cases: dropped.map((id) => `#${id}`).join(', ') })}
        </Alert>
      ) : null}
      {fromAddress.unreadable ? <Alert color="orange" role="alert">{t('runs.plan.badCases')}</Alert> : null}
      {fromAddress.tooMany ? <Alert color="orange" role="alert">{t('runs.plan.tooMany', { max: MAX_RUN_STOPS })}</Alert> : null}
      <Grid>
        <Grid.Col span={{ base: 12, md: 7 }}>
          <Paper withBorder p="md">
            <Title order={2} size="h4" mb="sm">
              {t('runs.plan.candidates')}
            </Title>
            <Group grow mb="sm" align="end">
              <TextInput label={t('runs.plan.search')} value={search} onChange={(e) => setSearch(e.currentTarget.value)} size="md" />
              <Select
                label={t('runs.plan.status')}
                placeholder={t('runs.plan.anyStatus')}
                data={CASE_STATUSES.filter((s) => s !== 'Released').map((s) => ({ value: s, label: t(optionKey('status', s)) }))}
                value={status}
                onChange={setStatus}
                clearable
                size="md"
              />
            </Group>
            <Group mb="sm" align="end" wrap="nowrap">
              <Checkbox size="md" label={t('runs.plan.near')} checked={nearOnly} onChange={(e) => setNearOnly(e.currentTarget.checked)} style={{ flex: 1 }} />
              <Select
                label={t('runs.plan.within')}
                data={NEAR_KM.map((km) => ({ value: km, label: t('runs.plan.km', { km }) }))}
                value={nearKm}
                onChange={(v) => setNearKm(v ?? '5')}
                allowDeselect={false}
                disabled={!nearOnly}
                size="md"
                w={120}
              />
            </Group>
            {nearOnly && !here ? <Text size="sm" mb="sm">{device.failed ? t('runs.plan.positionFailed') : t('runs.plan.nearWaits')}</Text> : null}
            <Stack gap={4} data-testid="run-candidates">
              {candidates.data?.data.length === 0 ? <Text c="dimmed">{t('runs.plan.noCandidates')}</Text> : null}
              {candidates.data?.data.map((c) => (
                <Checkbox
                  key={c.id}
                  size="md"
                  checked={isChosen(c.id)}
                  onChange={() => toggle(c)}
                  aria-label={t('runs.plan.choose', { caseId: `#${c.id}` })}
                  label={
                    <Text span>
                      <Text span fw={600}>
                        #{c.id}
                      </Text>{' '}
                      {place(c)} · {t(optionKey('status', c.status))}
                      {away(c)}
                    </Text>
                  }
                />
              ))}
            </Stack>
          </Paper>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 5 }}>
          <Paper withBorder p="md">
            <Stack gap="sm">
              <SegmentedControl
                value={kind}
                onChange={(v) => setKind(v as RunKind)}
                data={[
                  { value: 'catching', label: t('runs.kind.catching') },
                  { value: 'release', label: t('runs.kind.release') },
                ]}
                aria-label={t('runs.field.kind')}
              />
              <TextInput type="date" label={t('runs.field.runDate')} value={runDate} onChange={(e) => setRunDate(e.currentTarget.value)} size="md" />
              <TextInput label={t('runs.field.vehicle')} value={vehicle} onChange={(e) => setVehicle(e.currentTarget.value)} size="md" />
              <TextInput label={t('runs.field.locality')} value={locality} onChange={(e) => setLocality(e.currentTarget.value)} size="md" />
              <MultiSelect label={t('runs.field.squad')} data={staff.map((s) => ({ value: String(s.id), label: s.name }))} value={squad} onChange={setSquad} searchable size="md" />
              <SegmentedControl
                value={startChoice}
                onChange={(v) => setStartChoice(v as StartChoice)}
                data={[
                  { value: 'device', label: t('runs.plan.startDevice') },
                  { value: 'ngo', label: t('runs.plan.startNgo'), disabled: !base.data },
                ]}
                aria-label={t('runs.field.startPoint')}
              />
              {startChoice === 'device' && device.locating ? <Text size="sm">{t('runs.plan.locating')}</Text> : null}
              {startChoice === 'device' && device.failed ? <Alert color="orange">{t('runs.plan.positionFailed')}</Alert> : null}
              {startChoice === 'device' && keepsBase ? (
                <Checkbox label={t('runs.plan.keepAsBase')} checked={keepAsBase} onChange={(e) => setKeepAsBase(e.currentTarget.checked)} />
              ) : null}
              <Title order={2} size="h4">
                {t('runs.plan.order')}
              </Title>
              {chosen.length === 0 ? <Text c="dimmed">{t('runs.plan.nothingChosen')}</Text> : null}
              <Stack component="ol" gap={2} pl="md" m={0} data-testid="run-order">
                {ordered.map((c) => (
                  <li key={c.id}>
                    <Group gap="xs" wrap="nowrap" justify="space-between">
                      <span>
                        #{c.id} {place(c)}
                      </span>
                      <CloseButton size="lg" aria-label={t('runs.plan.unchoose', { caseId: `#${c.id}` })} onClick={() => toggle(c)} />
                    </Group>
                  </li>
                ))}
              </Stack>
              {tour && chosen.length > 0 ? (
                <Text fw={600} data-testid="run-total">
                  {t('runs.plan.total', { km: formatNumber(tour.totalMetres / 1000, { maximumFractionDigits: 1 }) })}
                </Text>
              ) : null}
              <Button size="md" onClick={() => void save()} loading={create.isPending} disabled={!start || chosen.length === 0}>
                {t('runs.plan.save')}
              </Button>
            </Stack>
          </Paper>
        </Grid.Col>
      </Grid>
    </Stack>
  );
}
