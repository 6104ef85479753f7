import { useState } from 'react';
import { AddToReport } from './add-to-report';
import { PublicApiError, publicApi, type ReportKey, type Tracking } from './api';
import type { CitizenKey, PublicLanguage, Translate } from './strings';

const LABELS: Record<Tracking['milestones'][number]['kind'], CitizenKey> = {
  received: 'citizen.milestone.received',
  accepted: 'citizen.milestone.accepted',
  declined: 'citizen.milestone.declined',
  pickedUp: 'citizen.milestone.pickedUp',
  admitted: 'citizen.milestone.admitted',
  operated: 'citizen.milestone.operated',
  released: 'citizen.milestone.released',
  died: 'citizen.milestone.died',
};

/** What a reporter may see of their report: its milestones with dates, the NGO's name and helpline. */
export function TrackingView({
  tracking,
  language,
  t,
  page = false,
  token,
  reportKey,
  onChange,
}: {
  tracking: Tracking;
  language: PublicLanguage;
  t: Translate;
  page?: boolean;
  token?: string;
  /** How to reach the report to add to it; with onChange, the page offers adding while the report is open. */
  reportKey?: ReportKey;
  onChange?: (tracking: Tracking) => void;
}) {
  // The page's own heading on /t/<token>; under the report page's heading otherwise.
  const Heading = page ? 'h1' : 'h2';
  const Sub = page ? 'h2' : 'h3';
  const format = (at: string) => {
    const date = at.length === 10 ? new Date(`${at}T12:00:00`) : new Date(at);
    return new Intl.DateTimeFormat(language === 'hi' ? 'hi-IN' : 'en-IN', at.length === 10 ? { dateStyle: 'medium' } : { dateStyle: 'medium', timeStyle: 'short' }).format(date);
  };
  return (
    <section aria-labelledby="tracking-title" className="card">
      <Heading id="tracking-title">{t('citizen.track.title')}</Heading>
      <p className="code">{t('citizen.sent.code', { code: tracking.code })}</p>
      <ol className="milestones">
        {tracking.milestones.map((m) => (
          <li key={m.kind} data-kind={m.kind}>
            <strong>{t(LABELS[m.kind])}</strong> <time dateTime={m.at}>{format(m.at)}</time>
            {m.reason ? <p>{t('citizen.milestone.reason', { reason: m.reason })}</p> : null}
          </li>
        ))}
      </ol>
      <p>
        {tracking.ngoName}
        {tracking.helpline ? (
          <>
            {' · '}
            <a href={`tel:${tracking.helpline.replace(/[^\d+]/g, '')}`}>{t('citizen.page.helpline', { phone: tracking.helpline })}</a>
          </>
        ) : null}
      </p>
      {token && tracking.noticesOn ? <StopNotices token={token} language={language} t={t} /> : null}
      {tracking.additions.length > 0 ? (
        <>
          <Sub className="sub">{t('citizen.add.yours')}</Sub>
          <ul className="additions">
            {tracking.additions.map((a, index) => (
              <li key={`${a.at}-${index}`}>
                <time dateTime={a.at}>{format(a.at)}</time>
                {a.comment ? <p>{a.comment}</p> : null}
                {a.photo ? <p>{t('citizen.add.photoAdded')}</p> : null}
              </li>
            ))}
          </ul>
        </>
      ) : null}
      {reportKey && onChange ? tracking.open ? <AddToReport reportKey={reportKey} language={language} t={t} onAdded={onChange} Heading={Sub} /> : <p className="notice">{t('citizen.add.closed')}</p> : null}
    </section>
  );
}

/** The link that ends the messages about this report (the tracking link itself proves the report). */
function StopNotices({ token, language, t }: { token: string; language: PublicLanguage; t: Translate }) {
  const [state, setState] = useState<'on' | 'stopping' | 'stopped'>('on');
  const [error, setError] = useState<string | null>(null);
  const stop = async () => {
    setState('stopping');
    setError(null);
    try {
      await publicApi.stopNotices(token, language);
      setState('stopped');
    } catch (err) {
      setError(err instanceof PublicApiError ? err.message : String(err));
      setState('on');
    }
  };
  if (state === 'stopped') return <p role="status">{t('notices.track.stopped')}</p>;
  return (
    <>
      <button type="button" className="secondary" onClick={() => void stop()} disabled={state === 'stopping'}>
        {t('notices.track.stop')}
      </button>
      {error ? (
        <p role="alert" className="error">
          {error}
        </p>
      ) : null}
    </>
  );
}
