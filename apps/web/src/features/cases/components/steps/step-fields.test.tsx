import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { useForm } from '@mantine/form';
import { renderWithProviders } from '../../../../../test/render';
import { ChoiceField } from './step-fields';

function AgeField({ initial, required = false }: { initial: string; required?: boolean }) {
  const form = useForm({ initialValues: { age: initial } });
  return <ChoiceField label="Age" options="age" inputProps={form.getInputProps('age')} required={required} />;
}

describe('ChoiceField', () => {
  // Mantine keeps its clear button out of the accessibility tree (aria-hidden, so it has no accessible name): it is found by its label.
  it('offers no clear button on an empty dropdown, one once a value is chosen, and none again once cleared', async () => {
    const { unmount } = renderWithProviders(<AgeField initial="" />);
    expect(screen.getByRole('combobox', { name: 'Age' })).toBeTruthy();
    expect(screen.queryByLabelText('Clear Age', { selector: 'button' })).toBeNull();
    unmount();

    const { user } = renderWithProviders(<AgeField initial="1-5 Yrs" />);
    await user.click(screen.getByLabelText('Clear Age', { selector: 'button' }));
    expect(screen.queryByLabelText('Clear Age', { selector: 'button' })).toBeNull();
  });

  it('offers no clear button on a required field, even with a value', () => {
    renderWithProviders(<AgeField initial="1-5 Yrs" required />);
    expect(screen.queryByLabelText('Clear Age', { selector: 'button' })).toBeNull();
  });
});
