import { useEffect, useState } from 'react';
import type { UseFormReturnType } from '@mantine/form';

/**
 * docs/product.md#formats-and-validation: a form's errors stay hidden until its first submit, then follow every change.
 * The form's `validate` rule must be stable (defined outside the component).
 */
export function useValidationAfterSubmit<Values, Transformed>(form: UseFormReturnType<Values, Transformed>) {
  const [submitted, setSubmitted] = useState(false);
  const { values, validate } = form;

  useEffect(() => {
    if (submitted) validate();
  }, [submitted, values, validate]);

  return {
    markSubmitted: () => setSubmitted(true),
    resetSubmitted: () => setSubmitted(false),
  };
}
