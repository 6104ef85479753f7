import { cloneElement, useCallback, useRef, useState, type ComponentType, type ReactElement, type Ref } from 'react';
import { useCodeOnDemand } from '../../hooks/use-code-on-demand';

/** What a pop-up's trigger is given, here and by Mantine's Menu.Target and Popover.Target. */
export interface PopupTargetProps {
  ref?: Ref<HTMLButtonElement>;
  onClick?: () => void;
  onPointerEnter?: () => void;
  onFocus?: () => void;
  'aria-haspopup'?: 'menu' | 'dialog';
  'aria-expanded'?: boolean;
}

/**
 * A pop-up in a chunk of its own (a `*-popup.tsx` module's default export), drawn around the
 * trigger it is handed; `opening` when the user's tap brought its code, so it opens as it arrives.
 */
export interface PopupProps {
  target: ReactElement<PopupTargetProps>;
  opening: boolean;
}

interface PopupOnFirstUseProps {
  /** A module's constant: `() => import('./x-popup')`. */
  load: () => Promise<{ default: ComponentType<PopupProps> }>;
  /** The trigger, drawn loading while the pop-up's code comes. */
  target: (loading: boolean) => ReactElement<PopupTargetProps>;
  kind: 'menu' | 'dialog';
}

/**
 * A menu or popover of the top bar, whose code (Mantine's Menu, Popover and floating-ui: the
 * 'popups' chunk, vite.config.ts) the first screen does not wait for: until the pop-up is first
 * used, or its code has come for another reason, only its trigger is drawn, saying what it opens.
 * The first tap fetches the code and opens the pop-up once it is there
 * (docs/performance/2026-11-24.md, "Web, first visit (2026-11-24, late night)").
 */
export function PopupOnFirstUse({ load, target, kind }: PopupOnFirstUseProps) {
  const popup = useCodeOnDemand(load, 'common.openFailed');
  const [opening, setOpening] = useState(false);
  if (popup.code) {
    const Popup = popup.code.default;
    return <Popup target={target(false)} opening={opening} />;
  }
  return cloneElement(target(popup.loading), {
    'aria-haspopup': kind,
    'aria-expanded': false,
    onClick: () => popup.use(() => setOpening(true)),
    onPointerEnter: popup.preload,
    onFocus: popup.preload,
  });
}

/**
 * A pop-up's open state for Mantine's `opened` and `onChange`, and the ref its trigger takes. When
 * the user's tap brought the pop-up, it opens as its trigger is drawn, the trigger first taking back
 * the focus that the one drawn before it had, so that Mantine returns the focus there when the
 * pop-up closes (Mantine records it on a change of `opened`, never at the first drawing).
 */
export function usePopupState(opening: boolean) {
  const [opened, setOpened] = useState(false);
  const pending = useRef(opening);
  const targetRef = useCallback((node: HTMLButtonElement | null) => {
    if (!node || !pending.current) return;
    pending.current = false;
    // The trigger drawn before was replaced, and its focus fell to the page; if the user has moved
    // it elsewhere meanwhile, it stays there.
    if (document.activeElement === null || document.activeElement === document.body) node.focus();
    setOpened(true);
  }, []);
  return { opened, onChange: setOpened, targetRef };
}
