import { useRef, useState, type FormEvent } from 'react';
import { MAX_ADDITION_COMMENT } from '@rescuedesk/shared/citizen-report-values';
import { resizeImage } from '../components/images/resize-image';
import { newWriteKey } from '../features/runs/api/write-key';
import { PublicApiError, publicApi, type ReportKey, type Tracking } from './api';
import type { PublicLanguage, Translate } from './strings';

/**
 * A comment or one photo added to an open report (docs/citizen-reports.md#adding-to-a-report). The
 * photo is reduced in the browser as the report's own photos are; the server checks and re-encodes it.
 */
export function AddToReport({
  reportKey,
  language,
  t,
  onAdded,
  Heading,
}: {
  reportKey: ReportKey;
  language: PublicLanguage;
  t: Translate;
  onAdded: (tracking: Tracking) => void;
  /** One level under the tracking card's own heading. */
  Heading: 'h2' | 'h3';
}) {
  const [photo, setPhoto] = useState<File | null>(null);
  const [state, setState] = useState<'idle' | 'sending' | 'added'>('idle');
  const [error, setError] = useState<string | null>(null);
  // The key of what the form holds: sent again unchanged after a lost answer, the server keeps it
  // once; any change to the comment or the photo makes it another addition with a key of its own.
  const sendKey = useRef(newWriteKey());
  const changed = () => {
    sendKey.current = newWriteKey();
  };

  const choose = async (files: FileList | null) => {
    changed();
    const file = files?.[0];
    setPhoto(file ? await resizeImage(file).catch(() => file) : null);
  };

  const send = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const formElement = event.currentTarget;
    const form = new FormData();
    const comment = String(new FormData(formElement).get('comment') ?? '').trim();
    if (comment) form.append('comment', comment);
    if (photo) form.append('photo', photo, photo.name || 'photo.jpg');
    form.append('language', language);
    form.append('sendKey', sendKey.current);
    setState('sending');
    setError(null);
    try {
      const tracking = await publicApi.add(reportKey, form, language);
      formElement.reset();
      changed();
      setPhoto(null);
      setState('added');
      onAdded(tracking);
    } catch (err) {
      setError(err instanceof PublicApiError ? err.message : String(err));
      setState('idle');
    }
  };

  return (
    <form onSubmit={send} aria-labelledby="add-title">
      <Heading id="add-title" className="sub">{t('citizen.add.title')}</Heading>
      <label htmlFor="add-comment">{t('citizen.add.comment')}</label>
      <textarea id="add-comment" name="comment" rows={3} maxLength={MAX_ADDITION_COMMENT} onInput={() => {
          changed();
          setState((s) => (s === 'added' ? 'idle' : s));
        }}
      />
      <label className="button secondary" htmlFor="add-photo">
        {t('citizen.add.photo')}
        <input id="add-photo" name="add-photo" type="file" accept="image/*" className="visually-hidden" onChange={(e) => void choose(e.currentTarget.files)} />
      </label>
      {photo ? (
        <ul className="photos">
          <li>
            <img src={URL.createObjectURL(photo)} alt="" width={88} height={88} />
            <button type="button" className="secondary" aria-label={t('citizen.photos.remove', { n: 1 })}
              onClick={() => {
                changed();
                setPhoto(null);
              }}
            >
              ×
            </button>
          </li>
        </ul>
      ) : null}
      {error ? (
        <p role="alert" className="error">
          {error}
        </p>
      ) : null}
      {state === 'added' ? <p role="status">{t('citizen.add.added')}</p> : null}
      <button type="submit" disabled={state === 'sending'}>
        {state === 'sending' ? t('citizen.add.sending') : t('citizen.add.send')}
      </button>
    </form>
  );
}
