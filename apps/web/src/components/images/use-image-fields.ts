import { useCallback, useRef, useState } from 'react';
import type { UseFormReturnType } from '@mantine/form';

/**
 * The image fields of one form (a case step, a directory record): each ImageUploader reads and sets
 * its own field of the form, and reports its uploads, so the form knows while photos are still on
 * their way and its Save waits (a photo still uploading would be missing from what is saved).
 *
 *   const images = useImageFields(form, record.ngoId);
 *   <ImageUploader label="Verification ID" fieldName="Verification" {...images.field('verificationId')} />
 *   <DirectoryFormPage uploading={images.uploading} …>
 */
export function useImageFields<Values extends object>(
  form: Pick<UseFormReturnType<Values>, 'values' | 'setFieldValue' | 'getInitialValues' | 'setInitialValues'>,
  ngoId: number | null,
) {
  const [busy, setBusy] = useState<ReadonlySet<string>>(() => new Set());
  // One reporter per field, kept across renders, so an uploader's effect does not rerun on every keystroke.
  const reporters = useRef(new Map<string, (uploading: boolean) => void>());

  const reportFor = useCallback((path: string) => {
    let report = reporters.current.get(path);
    if (!report) {
      report = (uploading: boolean) =>
        setBusy((current) => {
          if (current.has(path) === uploading) return current;
          const next = new Set(current);
          if (uploading) next.add(path);
          else next.delete(path);
          return next;
        });
      reporters.current.set(path, report);
    }
    return report;
  }, []);

  return {
    uploading: busy.size > 0,
    /** The props binding one uploader to its field: spread them into <ImageUploader>. */
    field: <Path extends keyof Values & string>(path: Path) => ({
      ngoId,
      value: form.values[path],
      // setFieldValue (not setValues) so the form counts the change as unsaved. Its path types cannot
      // see that Values[Path] is the field's type while Values is generic, hence the cast.
      onChange: (next: Values[Path]) => form.setFieldValue(path, next as never),
      onUploadingChange: reportFor(path),
      // A deleted image is gone from the stored record already (docs/decisions/009): it leaves the
      // form's saved state too, so only what is really unsaved (a new upload) still counts as a change.
      onDeleted: (name: string) => {
        const initial = form.getInitialValues();
        const stored: unknown = initial[path];
        const kept = Array.isArray(stored) ? stored.filter((n) => n !== name) : stored === name ? null : stored;
        form.setInitialValues({ ...initial, [path]: kept });
      },
    }),
  };
}
