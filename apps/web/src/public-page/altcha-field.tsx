import { useEffect, useRef, useState } from 'react';
import type {} from 'altcha/types/react';
import type { PublicLanguage, Translate } from './strings';

/**
 * The altcha widget: it starts working as soon as it is on the page (a second or so on a cheap
 * phone) and hands the solved challenge to onSolved. Its code is fetched after the page is drawn.
 */
export function AltchaField({ challengeUrl, language, t, onSolved }: { challengeUrl: string; language: PublicLanguage; t: Translate; onSolved: (payload: string | null) => void }) {
  const [ready, setReady] = useState(false);
  const widget = useRef<HTMLElement>(null);
  useEffect(() => {
    void import('./altcha-loader').then(() => setReady(true));
  }, []);
  useEffect(() => {
    const element = widget.current;
    if (!element) return;
    const changed = (event: Event) => {
      const detail = (event as CustomEvent<{ state: string; payload?: string }>).detail;
      onSolved(detail.state === 'verified' && detail.payload ? detail.payload : null);
    };
    element.addEventListener('statechange', changed);
    return () => element.removeEventListener('statechange', changed);
  }, [ready, onSolved]);
  if (!ready) return <p className="muted">{t('citizen.challenge.label')}</p>;
  return <altcha-widget ref={widget} challenge={challengeUrl} language={language} auto="onload" name="altcha-widget" />;
}
