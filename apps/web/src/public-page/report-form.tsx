import { useCallback, useState, type FormEvent } from 'react';
import { MAX_REPORT_PHOTOS, NOTICE_CHOICES, REPORT_ANIMALS, REPORT_CONDITIONS } from '@rescuedesk/shared/citizen-report-values';
import { resizeImage } from '../components/images/resize-image';
import { AltchaField } from './altcha-field';
import { PublicApiError, publicApi, type PublicPage, type Submitted } from './api';
import type { PublicLanguage, Translate } from './strings';

interface Place {
  latitude: number;
  longitude: number;
  /** Metres, as the phone's GPS says; none for a photo's position. */
  accuracy: number | null;
  source: 'gps' | 'photo';
}

/** Where a photo was taken, from its EXIF data, read from the original file (exifr, loaded on first use). */
async function placeOfPhoto(file: File): Promise<Place | null> {
  const exifr = (await import('exifr')).default;
  const gps = await exifr.gps(file).catch(() => undefined);
  if (!gps || !Number.isFinite(gps.latitude) || !Number.isFinite(gps.longitude)) return null;
  return { latitude: gps.latitude, longitude: gps.longitude, accuracy: null, source: 'photo' };
}

/** The report: where, photos, animal and condition, what was seen, who is reporting, and consent. */
export function ReportForm({ page, language, t, onSent }: { page: PublicPage; language: PublicLanguage; t: Translate; onSent: (sent: Submitted) => void }) {
  const [place, setPlace] = useState<Place | null>(null);
  const [locating, setLocating] = useState(false);
  const [gpsFailed, setGpsFailed] = useState(false);
  const [photos, setPhotos] = useState<File[]>([]);
  // A photo's own position, offered (never taken without a tap) when the phone gave none.
  const [photoPlace, setPhotoPlace] = useState<Place | null>(null);
  const [altcha, setAltcha] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const solved = useCallback((payload: string | null) => setAltcha(payload), []);

  const locate = () => {
    setLocating(true);
    setGpsFailed(false);
    navigator.geolocation.getCurrentPosition(
      (position) => {
        setPlace({ latitude: position.coords.latitude, longitude: position.coords.longitude, accuracy: Math.round(position.coords.accuracy), source: 'gps' });
        setLocating(false);
      },
      () => {
        setGpsFailed(true);
        setLocating(false);
      },
      { enableHighAccuracy: true, timeout: 15_000, maximumAge: 60_000 },
    );
  };

  const addPhotos = async (files: FileList | null) => {
    if (!files) return;
    const chosen = [...files].slice(0, MAX_REPORT_PHOTOS - photos.length);
    // Read before the photo is reduced: reducing drops its EXIF data, as the server does too.
    if (!place && !photoPlace) {
      for (const file of chosen) {
        const found = await placeOfPhoto(file).catch(() => null);
        if (found) {
          setPhotoPlace(found);
          break;
        }
      }
    }
    const reduced = await Promise.all(chosen.map((file) => resizeImage(file).catch(() => file)));
    setPhotos((current) => [...current, ...reduced].slice(0, MAX_REPORT_PHOTOS));
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setError(null);
    const form = new FormData(event.currentTarget);
    form.delete('altcha-widget');
    form.delete('photo-input');
    if (place) {
      form.set('latitude', String(place.latitude));
      form.set('longitude', String(place.longitude));
      if (place.accuracy !== null) form.set('accuracy', String(place.accuracy));
    }
    form.set('consent', form.get('consent') === 'on' ? 'true' : 'false');
    form.set('language', language);
    form.set('altcha', altcha ?? '');
    for (const photo of photos) form.append('photo', photo, photo.name || 'photo.jpg');
    setSending(true);
    try {
      onSent(await publicApi.send(page.slug, form, language));
    } catch (err) {
      setError(err instanceof PublicApiError ? err.message : String(err));
    } finally {
      setSending(false);
    }
  };

  return (
    <form onSubmit={submit} className="card" noValidate={false}>
      <fieldset>
        <legend>{t('citizen.where.title')}</legend>
        <button type="button" className="secondary" onClick={locate} disabled={locating} aria-describedby="gps-state">
          {t('citizen.where.useGps')}
        </button>
        <p id="gps-state" role="status" className="muted">
          {place?.source === 'photo'
            ? t('citizen.where.photoTaken')
            : place
              ? t('citizen.where.gpsTaken', { metres: place.accuracy ?? 0 })
              : gpsFailed
                ? t('citizen.where.gpsFailed')
                : ''}
        </p>
        <label htmlFor="address">{t('citizen.where.address')}</label>
        <input id="address" name="address" maxLength={300} autoComplete="street-address" />
        <label htmlFor="pincode">{t('citizen.where.pincode')}</label>
        <input id="pincode" name="pincode" inputMode="numeric" pattern="[1-9][0-9]{5}" maxLength={6} autoComplete="postal-code" />
      </fieldset>

      <fieldset>
        <legend>{t('citizen.photos.title', { max: MAX_REPORT_PHOTOS })}</legend>
        <p className="muted">{t('citizen.photos.hint')}</p>
        {photos.length < MAX_REPORT_PHOTOS ? (
          <label className="button secondary" htmlFor="photo-input">
            {t('citizen.photos.add')}
            <input id="photo-input" name="photo-input" type="file" accept="image/*" className="visually-hidden" onChange={(e) => void addPhotos(e.currentTarget.files)} />
          </label>
        ) : null}
        <ul className="photos">
          {photos.map((photo, index) => (
            <li key={`${photo.name}-${index}`}>
              <img src={URL.createObjectURL(photo)} alt="" width={88} height={88} />
              <button type="button" className="secondary" aria-label={t('citizen.photos.remove', { n: index + 1 })} onClick={() => setPhotos((current) => current.filter((_, i) => i !== index))}>
                ×
              </button>
            </li>
          ))}
        </ul>
        {photoPlace && !place ? (
          <p className="photo-place">
            <span role="status">{t('citizen.photos.placeFound')}</span>{' '}
            <button type="button" className="secondary" onClick={() => setPlace(photoPlace)}>
              {t('citizen.photos.usePlace')}
            </button>
          </p>
        ) : null}
      </fieldset>

      <label htmlFor="animalType">{t('citizen.animal.type')}</label>
      <select id="animalType" name="animalType" defaultValue="Dog">
        {REPORT_ANIMALS.map((animal) => (
          <option key={animal} value={animal}>
            {t(`citizen.animal.${animal}`)}
          </option>
        ))}
      </select>

      <fieldset>
        <legend>{t('citizen.condition.title')}</legend>
        <div className="choices">
          {REPORT_CONDITIONS.map((condition, index) => (
            <label key={condition} className="choice">
              <input type="radio" name="condition" value={condition} required defaultChecked={index === 0} />
              {t(`citizen.condition.${condition}`)}
            </label>
          ))}
        </div>
      </fieldset>

      <label htmlFor="description">{t('citizen.description')}</label>
      <textarea id="description" name="description" maxLength={2000} rows={3} />

      <label htmlFor="reporterName">{t('citizen.reporter.name')}</label>
      <input id="reporterName" name="reporterName" required maxLength={100} autoComplete="name" />
      <label htmlFor="reporterPhone">{t('citizen.reporter.phone')}</label>
      <input id="reporterPhone" name="reporterPhone" type="tel" required maxLength={20} autoComplete="tel" />

      <fieldset>
        <legend>{t('notices.form.channel')}</legend>
        <div className="choices">
          {NOTICE_CHOICES.map((choice) => (
            <label key={choice} className="choice">
              <input type="radio" name="notices" value={choice} defaultChecked={choice === 'none'} />
              {t(`notices.form.${choice}`)}
            </label>
          ))}
        </div>
      </fieldset>

      <p className="notice" id="privacy-notice">
        {t('citizen.consent.notice', { ngo: page.ngoName })}
      </p>
      <label className="choice">
        <input type="checkbox" name="consent" required aria-describedby="privacy-notice" />
        {t('citizen.consent.label', { ngo: page.ngoName })}
      </label>

      <AltchaField challengeUrl={publicApi.challengeUrl(page.slug)} language={language} t={t} onSolved={solved} />

      {error ? (
        <p role="alert" className="error">
          {error}
        </p>
      ) : null}
      {/* Sending waits for the proof of work: without it the server refuses the report. */}
      <button type="submit" disabled={sending || !altcha}>
        {sending ? t('citizen.sending') : t('citizen.send')}
      </button>
    </form>
  );
}
