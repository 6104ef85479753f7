import type { Tracking } from './api';
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
export function TrackingView({ tracking, language, t, page = false }: { tracking: Tracking; language: PublicLanguage; t: Translate; page?: boolean }) {
  // The page's own heading on /t/<token>; under the report page's heading otherwise.
  const Heading = page ? 'h1' : 'h2';
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
    </section>
  );
}
