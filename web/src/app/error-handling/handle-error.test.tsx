import type { DebugErrorBody } from '@cadenza/contracts/http';
import { act, render, renderHook, screen } from '@testing-library/react';
import { useForm } from 'react-hook-form';
import { afterEach, expect, it } from 'vitest';
import { ApiError } from '../../api/api-error';
import { clearToasts, getToasts } from '../../ui/toast/toast-store';
import { closeErrorDialog, useShownError } from './error-dialog-store';
import { applyServerErrors, showError } from './handle-error';

const t = (text: string) => text;

afterEach(() => {
  clearToasts();
  closeErrorDialog();
});

function Form({ onReady }: { onReady: (form: ReturnType<typeof useForm<Values>>) => void }) {
  const form = useForm<Values>({ defaultValues: { name: '', email: '' } });
  onReady(form);
  return (
    <form>
      <input aria-label="Name" {...form.register('name')} />
      <input aria-label="Email" {...form.register('email')} />
    </form>
  );
}
interface Values {
  name: string;
  email: string;
}

it('puts server field errors on the fields and focuses the first', () => {
  let form!: ReturnType<typeof useForm<Values>>;
  render(<Form onReady={(f) => (form = f)} />);
  const error = new ApiError(422, {
    message: 'The name field is required.',
    errors: { email: ['The email is taken.', 'Second'], name: 'The name field is required.' },
  });
  act(() => applyServerErrors(error, form.setError, ['name', 'email'], t));
  expect(form.getFieldState('email').error?.message).toBe('The email is taken.');
  expect(form.getFieldState('name').error?.message).toBe('The name field is required.');
  expect(document.activeElement).toBe(screen.getByLabelText('Email'));
  expect(getToasts()).toEqual([]);
});

it('shows a toast when no error belongs to a field of the form', () => {
  const { result } = renderHook(() => useForm<Values>());
  const error = new ApiError(422, {
    message: 'Could not verify you are human.',
    errors: { recaptcha: 'x' },
  });
  applyServerErrors(error, result.current.setError, ['name', 'email'], t);
  expect(getToasts()[0]).toMatchObject({
    type: 'danger',
    message: 'Could not verify you are human.',
  });

  showError(new ApiError(0, null, 'Network Error'), t);
  expect(getToasts()[0]?.message).toBe('There was an issue. Please try again.');
});

it('tells the user a request timed out', () => {
  showError(new ApiError(0, null, 'timeout exceeded'), t);
  expect(getToasts()[0]).toMatchObject({ type: 'danger', message: 'timeout exceeded' });
});

it('opens the error dialog instead of a toast for a debug trace', () => {
  const trace: DebugErrorBody = {
    message: 'boom',
    exception: 'Error',
    ignitionTrace: true,
    trace: [],
    totalVendorGroups: 0,
  };
  const { result } = renderHook(() => useShownError());
  act(() => showError(new ApiError(500, trace), t));
  expect(result.current?.body).toBe(trace);
  expect(getToasts()).toEqual([]);
});
