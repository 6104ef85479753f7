import { describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import { useId } from './use-id';

describe("Mantine's useId, drawn once", () => {
  it('gives each component its own id at the first drawing, keeps it, and takes a given one as it is', () => {
    const drawings = vi.fn();
    function Field({ id, label }: { id?: string; label: string }) {
      const inputId = useId(id);
      drawings(label, inputId);
      return (
        <>
          <label htmlFor={inputId}>{label}</label>
          <input id={inputId} />
        </>
      );
    }

    const view = render(
      <>
        <Field label="Reporter name" />
        <Field label="Location" />
        <Field label="Pincode" id="pincode" />
      </>,
    );

    const name = screen.getByLabelText('Reporter name').id;
    const location = screen.getByLabelText('Location').id;
    expect(name).toMatch(/^mantine-[\w-]+$/);
    expect(location).toMatch(/^mantine-[\w-]+$/);
    expect(name).not.toBe(location);
    expect(screen.getByLabelText('Pincode').id).toBe('pincode');
    // No second drawing after the first (Mantine's own swapped in a random id in an effect).
    expect(drawings).toHaveBeenCalledTimes(3);

    view.rerender(
      <>
        <Field label="Reporter name" />
        <Field label="Location" />
        <Field label="Pincode" id="pincode" />
      </>,
    );
    expect(screen.getByLabelText('Reporter name').id).toBe(name);
  });
});
