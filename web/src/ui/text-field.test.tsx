import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useForm } from 'react-hook-form';
import { describe, expect, it } from 'vitest';
import { TextField } from './text-field';

describe('TextField', () => {
  it('links label, description and error to the input', () => {
    render(
      <TextField
        label="E-mail"
        description="We never share it."
        errorMessage="This field is required."
      />,
    );
    const input = screen.getByLabelText('E-mail');
    expect(input.getAttribute('aria-invalid')).toBe('true');
    const describedBy = input.getAttribute('aria-describedby')?.split(' ') ?? [];
    const texts = describedBy.map((id) => document.getElementById(id)?.textContent);
    expect(texts).toEqual(['We never share it.', 'This field is required.']);
  });

  it('marks a required field for assistive technology, keeping the star out of its name', () => {
    render(<TextField label="New password" required />);
    const input = screen.getByRole('textbox', { name: 'New password' });
    expect(input.getAttribute('aria-required')).toBe('true');
    expect(screen.getByText('*').getAttribute('aria-hidden')).toBe('true');
  });

  it('is valid without an error message', () => {
    render(<TextField label="Name" />);
    const input = screen.getByLabelText('Name');
    expect(input.hasAttribute('aria-invalid')).toBe(false);
    expect(input.hasAttribute('aria-describedby')).toBe(false);
  });

  it('renders adornments', () => {
    render(<TextField label="Price" startAdornment="R$" endAdornment="/mo" />);
    expect(screen.getByText('R$')).toBeTruthy();
    expect(screen.getByText('/mo')).toBeTruthy();
  });

  it('shows and hides a password', async () => {
    render(<TextField label="Password" type="password" />);
    const input = screen.getByLabelText('Password');
    expect(input.getAttribute('type')).toBe('password');
    await userEvent.click(screen.getByRole('button', { name: 'Show password' }));
    expect(input.getAttribute('type')).toBe('text');
    await userEvent.click(screen.getByRole('button', { name: 'Hide password' }));
    expect(input.getAttribute('type')).toBe('password');
  });

  it('registers with react-hook-form, which focuses the first invalid field', async () => {
    function Form() {
      const { register, handleSubmit, formState } = useForm<{ name: string; email: string }>();
      return (
        <form noValidate onSubmit={handleSubmit(() => {})}>
          <TextField
            label="Name"
            {...register('name')}
            errorMessage={formState.errors.name?.message}
          />
          <TextField
            label="Email"
            {...register('email', { required: 'Required' })}
            errorMessage={formState.errors.email?.message}
          />
          <button type="submit">Submit</button>
        </form>
      );
    }
    render(<Form />);
    await userEvent.type(screen.getByLabelText('Name'), 'Ana');
    await userEvent.click(screen.getByRole('button', { name: 'Submit' }));
    const email = screen.getByLabelText('Email');
    expect(document.activeElement).toBe(email);
    expect(email.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText('Required')).toBeTruthy();
  });
});
