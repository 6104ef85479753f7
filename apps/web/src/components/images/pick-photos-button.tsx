import { useRef, type ReactNode } from 'react';
import { Button } from '@mantine/core';
import classes from './image-uploader.module.css';

interface PickPhotosButtonProps {
  icon: ReactNode;
  variant: 'light' | 'default';
  /** 'environment' opens the back camera instead of the gallery. */
  capture?: 'environment';
  multiple: boolean;
  disabled: boolean;
  /** Names the hidden file input, for assistive technology and tests. */
  inputLabel: string;
  onPick: (files: File[]) => void;
  children: string;
}

/** A button opening the file picker; the input is emptied after each pick so the same photo can be chosen again. */
export function PickPhotosButton({ icon, variant, capture, multiple, disabled, inputLabel, onPick, children }: PickPhotosButtonProps) {
  const input = useRef<HTMLInputElement>(null);
  return (
    <>
      <input
        ref={input}
        type="file"
        accept="image/*"
        capture={capture}
        multiple={multiple}
        hidden
        tabIndex={-1}
        aria-label={inputLabel}
        onChange={(event) => {
          const files = Array.from(event.currentTarget.files ?? []);
          event.currentTarget.value = '';
          if (files.length > 0) onPick(files);
        }}
      />
      <Button variant={variant} leftSection={icon} disabled={disabled} size="md" fullWidth classNames={{ root: classes.pick, label: classes.pickLabel }} onClick={() => input.current?.click()}>
        {children}
      </Button>
    </>
  );
}
