import { useEffect, useRef } from 'react';
import { Button, Text } from '@mantine/core';
import { IconArrowLeft, IconArrowRight, IconDeviceFloppy } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useNarrowScreen } from '../../../hooks/use-narrow-screen';
import { useT } from '../../../lib/i18n/use-t';
import classes from './action-bar.module.css';

/** What a save button asks for: stay, go on to the next step, or leave for the dashboard. */
export type SaveIntent = 'save' | 'next' | 'exit';

interface ActionBarProps {
  isFirst: boolean;
  isLast: boolean;
  /** The save under way, if any: its button shows it. */
  saving: SaveIntent | null;
  /** Photos still uploading: saving now would leave them out, so it waits. */
  uploading: boolean;
  onPrevious: () => void;
  onSave: (intent: SaveIntent) => void;
}

/**
 * Previous, Exit, Save and Save & Next (Save & Exit on the last step, and beside Save & Next from
 * 768 px). Every save saves the whole page: the top card and every edited step.
 */
export function ActionBar({ isFirst, isLast, saving, uploading, onPrevious, onSave }: ActionBarProps) {
  const t = useT();
  // On a phone: Previous shows only its arrow (named for screen readers), the saves no icons, and the
  // labels are the bar's own short ones (Hindi's full 'सेव करें और आगे' took the bar to two rows).
  const narrow = useNarrowScreen();
  const bar = useRef<HTMLDivElement>(null);

  // Fixed to a phone's screen, the bar would hide the end of the page: the page gets its height as room below.
  useEffect(() => {
    const element = bar.current;
    if (!element || typeof ResizeObserver === 'undefined') return;
    const makeRoom = () => {
      const fixed = getComputedStyle(element).position === 'fixed';
      document.body.style.paddingBottom = fixed ? `${element.offsetHeight}px` : '';
      // Toasts shown at the bottom (a status offer) sit just above the bar, within the thumb's reach.
      document.body.style.setProperty('--case-action-bar-height', fixed ? `${element.offsetHeight}px` : '0px');
    };
    const observer = new ResizeObserver(makeRoom);
    observer.observe(element);
    window.addEventListener('resize', makeRoom);
    makeRoom();
    return () => {
      observer.disconnect();
      window.removeEventListener('resize', makeRoom);
      document.body.style.paddingBottom = '';
      document.body.style.removeProperty('--case-action-bar-height');
    };
  }, []);

  const busy = saving !== null;
  const button = (intent: SaveIntent) => ({ loading: saving === intent, disabled: uploading || (busy && saving !== intent), onClick: () => onSave(intent) });
  // Outside the markup, where the lint rule on literal text would take the intents for text.
  const buttons = { save: button('save'), exit: button('exit'), next: button('next') };
  return (
    <div ref={bar} className={classes.bar} role="group" aria-label={t('cases.actions.label')}>
      {uploading ? (
        <Text size="sm" c="dimmed" role="status" className={classes.status}>
          {t('cases.step.waitingForUploads')}
        </Text>
      ) : null}
      <div className={classes.side}>
        <Button
          size="md"
          variant="default"
          px={narrow ? 0 : 'sm'}
          miw={44}
          leftSection={narrow ? null : <IconArrowLeft size={18} aria-hidden />}
          disabled={isFirst || busy}
          onClick={onPrevious}
          aria-label={t('common.previous')}
        >
          {narrow ? <IconArrowLeft size={20} aria-hidden /> : t('common.previous')}
        </Button>
        {/* Leaving now would cancel the uploads; the note above says why it waits. */}
        <Button component={Link} to="/dashboard" size="md" variant="subtle" color="gray" px="sm" disabled={uploading}>
          {t('cases.actions.exit')}
        </Button>
      </div>
      <div className={classes.main}>
        <Button size="md" variant="light" px="sm" leftSection={narrow ? null : <IconDeviceFloppy size={18} aria-hidden />} {...buttons.save}>
          {t('cases.actions.save')}
        </Button>
        {isLast ? (
          <Button size="md" px="sm" {...buttons.exit}>
            {t('cases.actions.saveAndExit')}
          </Button>
        ) : (
          <>
            <Button size="md" variant="default" px="md" className={classes.wideOnly} {...buttons.exit}>
              {t('cases.actions.saveAndExit')}
            </Button>
            <Button size="md" px="sm" rightSection={narrow ? null : <IconArrowRight size={18} aria-hidden />} {...buttons.next}>
              {t('cases.actions.saveAndNext')}
            </Button>
          </>
        )}
      </div>
    </div>
  );
}
