// Devanagari glyphs only, fetched when Hindi text is shown (as the staff app's hindi-assets.ts).
import '@fontsource/noto-sans-devanagari/devanagari-400.css';
import '@fontsource/noto-sans-devanagari/devanagari-600.css';
import './public-page.css';
import { StrictMode, useEffect, useState, type FormEvent } from 'react';
import { createRoot } from 'react-dom/client';
import { PublicApiError, publicApi, type PublicPage, type Submitted, type Tracking } from './api';
import { ReportForm } from './report-form';
import { PUBLIC_LANGUAGES, initialLanguage, keepLanguage, translator, type PublicLanguage, type Translate } from './strings';
import { TrackingView } from './tracking-view';

/** /r/<slug>: the NGO's report page; /t/<token>: a report's tracking page. Nothing else is served here. */
function route(): { kind: 'report'; slug: string } | { kind: 'track'; token: string } | { kind: 'none' } {
  const [, kind, value] = location.pathname.split('/');
  if (kind === 'r' && value) return { kind: 'report', slug: decodeURIComponent(value) };
  if (kind === 't' && value) return { kind: 'track', token: decodeURIComponent(value) };
  return { kind: 'none' };
}

/** Each language's name, written in itself. */
const LANGUAGE_NAMES = Object.fromEntries(PUBLIC_LANGUAGES.map((l) => [l, translator(l)('citizen.page.languageName')])) as Record<PublicLanguage, string>;

function LanguageSwitch({ language, onChange, t }: { language: PublicLanguage; onChange: (l: PublicLanguage) => void; t: Translate }) {
  return (
    <nav aria-label={t('citizen.page.language')} className="languages">
      {PUBLIC_LANGUAGES.map((l) => (
        <button key={l} type="button" className="secondary" lang={l} aria-pressed={language === l} onClick={() => onChange(l)}>
          {LANGUAGE_NAMES[l]}
        </button>
      ))}
    </nav>
  );
}

function Sent({ sent, t }: { sent: Submitted; t: Translate }) {
  return (
    <section className="card" aria-labelledby="sent-title">
      <h2 id="sent-title">{t('citizen.sent.title')}</h2>
      <p className="code" data-testid="report-code">
        {t('citizen.sent.code', { code: sent.code })}
      </p>
      <p>{t('citizen.sent.codeHelp')}</p>
      <p>
        <a className="button" href={sent.trackingPath}>
          {t('citizen.sent.link')}
        </a>
      </p>
      <img className="qr" src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(sent.qrSvg)}`} alt={t('citizen.sent.qr')} width={200} height={200} />
    </section>
  );
}

function CodeLookup({ slug, language, t }: { slug: string; language: PublicLanguage; t: Translate }) {
  const [tracking, setTracking] = useState<Tracking | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [code, setCode] = useState('');
  const find = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setError(null);
    const typed = String(new FormData(event.currentTarget).get('code') ?? '');
    try {
      setTracking(await publicApi.trackByCode(slug, typed, language));
      setCode(typed);
    } catch (err) {
      setTracking(null);
      setError(err instanceof PublicApiError ? err.message : String(err));
    }
  };
  return (
    <>
      <form onSubmit={find} className="card">
        <h2>{t('citizen.track.lookup')}</h2>
        <label htmlFor="code">{t('citizen.track.code')}</label>
        <input id="code" name="code" required maxLength={8} autoCapitalize="characters" autoComplete="off" />
        {error ? (
          <p role="alert" className="error">
            {error}
          </p>
        ) : null}
        <button type="submit" className="secondary">
          {t('citizen.track.find')}
        </button>
      </form>
      {tracking ? <TrackingView tracking={tracking} language={language} t={t} reportKey={{ slug, code }} onChange={setTracking} /> : null}
    </>
  );
}

function ReportPage({ slug, language, t }: { slug: string; language: PublicLanguage; t: Translate }) {
  const [page, setPage] = useState<PublicPage | null | 'missing'>(null);
  const [sent, setSent] = useState<Submitted | null>(null);
  useEffect(() => {
    publicApi.page(slug, language).then(setPage, () => setPage('missing'));
  }, [slug, language]);
  if (page === null) return <p role="status">{t('citizen.page.loading')}</p>;
  if (page === 'missing') return <p role="alert">{t('citizen.page.notFound')}</p>;
  return (
    <>
      <header>
        <h1>{t('citizen.page.title')}</h1>
        <p>{t('citizen.page.intro', { ngo: page.ngoName })}</p>
        {page.message ? <p className="notice">{page.message}</p> : null}
        {page.helpline ? (
          <p>
            <a href={`tel:${page.helpline.replace(/[^\d+]/g, '')}`}>{t('citizen.page.helpline', { phone: page.helpline })}</a>
          </p>
        ) : null}
      </header>
      {sent ? <Sent sent={sent} t={t} /> : <ReportForm page={page} language={language} t={t} onSent={setSent} />}
      <CodeLookup slug={slug} language={language} t={t} />
    </>
  );
}

function TrackPage({ token, language, t }: { token: string; language: PublicLanguage; t: Translate }) {
  const [tracking, setTracking] = useState<Tracking | null | 'missing'>(null);
  useEffect(() => {
    publicApi.track(token, language).then(setTracking, () => setTracking('missing'));
  }, [token, language]);
  if (tracking === null) return <p role="status">{t('citizen.page.loading')}</p>;
  if (tracking === 'missing') return <p role="alert">{t('citizen.error.trackingNotFound')}</p>;
  return <TrackingView tracking={tracking} language={language} t={t} page token={token} reportKey={{ token }} onChange={setTracking} />;
}

function PublicApp() {
  const [language, setLanguage] = useState<PublicLanguage>(initialLanguage);
  useEffect(() => keepLanguage(language), [language]);
  const t = translator(language);
  const where = route();
  return (
    <>
      <LanguageSwitch language={language} onChange={setLanguage} t={t} />
      {where.kind === 'report' ? <ReportPage slug={where.slug} language={language} t={t} /> : null}
      {where.kind === 'track' ? <TrackPage token={where.token} language={language} t={t} /> : null}
      {where.kind === 'none' ? <p role="alert">{t('citizen.page.notFound')}</p> : null}
    </>
  );
}

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <PublicApp />
  </StrictMode>,
);
