import './test-utils';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Controller, useForm } from 'react-hook-form';
import { describe, expect, it, vi } from 'vitest';
import { Select, SelectGroup, SelectItem } from './select';
import { describedByTexts } from './test-utils';

describe('Select', () => {
  function Languages(props: { onValueChange?: (value: string) => void; errorMessage?: string }) {
    return (
      <Select label="Language" placeholder="Choose one" {...props}>
        <SelectGroup label="Europe">
          <SelectItem value="en">English</SelectItem>
          <SelectItem value="pt">Português</SelectItem>
        </SelectGroup>
      </Select>
    );
  }

  it('opens by keyboard and selects an option', async () => {
    const onValueChange = vi.fn();
    render(<Languages onValueChange={onValueChange} />);
    const trigger = screen.getByRole('combobox', { name: 'Language' });
    expect(trigger.textContent).toContain('Choose one');
    trigger.focus();
    await userEvent.keyboard('{Enter}');
    const option = await screen.findByRole('option', { name: 'Português' });
    await userEvent.click(option);
    expect(onValueChange).toHaveBeenCalledWith('pt');
  });

  it('marks an error', () => {
    render(<Languages errorMessage="Pick a language." />);
    const trigger = screen.getByRole('combobox', { name: 'Language' });
    expect(trigger.getAttribute('aria-invalid')).toBe('true');
    expect(describedByTexts(trigger)).toEqual(['Pick a language.']);
  });

  it('works with a react-hook-form Controller', async () => {
    const onSubmit = vi.fn();
    function Form() {
      const { control, handleSubmit } = useForm({ defaultValues: { language: 'en' } });
      return (
        <form onSubmit={handleSubmit(onSubmit)}>
          <Controller
            control={control}
            name="language"
            render={({ field }) => (
              <Select
                label="Language"
                value={field.value}
                onValueChange={field.onChange}
                ref={field.ref}
              >
                <SelectItem value="en">English</SelectItem>
                <SelectItem value="pt">Português</SelectItem>
              </Select>
            )}
          />
          <button type="submit">Save</button>
        </form>
      );
    }
    render(<Form />);
    screen.getByRole('combobox', { name: 'Language' }).focus();
    await userEvent.keyboard('{Enter}');
    await userEvent.click(await screen.findByRole('option', { name: 'Português' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(onSubmit.mock.calls[0]?.[0]).toEqual({ language: 'pt' });
  });
});
