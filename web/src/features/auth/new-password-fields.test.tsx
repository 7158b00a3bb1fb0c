import { zodResolver } from '@hookform/resolvers/zod';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useForm } from 'react-hook-form';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { NewPasswordFields, withMatchingConfirmation } from './new-password-fields';

const schema = withMatchingConfirmation(
  z.object({ password: z.string(), password_confirmation: z.string() }),
);

function TypedAsYouGo({ revalidateConfirmation }: { revalidateConfirmation: boolean }) {
  const form = useForm<z.infer<typeof schema>>({
    resolver: zodResolver(schema),
    defaultValues: { password: '', password_confirmation: '' },
    mode: 'onChange',
  });
  return <NewPasswordFields form={form} revalidateConfirmation={revalidateConfirmation} />;
}

async function typeConfirmationFirst() {
  const user = userEvent.setup();
  await user.type(screen.getByLabelText(/^Confirm password/), 'secret-1');
  expect(await screen.findByText('The passwords do not match.')).toBeTruthy();
  await user.type(screen.getByLabelText(/^New password/), 'secret-1');
}

describe('NewPasswordFields', () => {
  it('re-checks a typed confirmation when the password changes', async () => {
    render(<TypedAsYouGo revalidateConfirmation />);
    await typeConfirmationFirst();
    expect(screen.queryByText('The passwords do not match.')).toBeNull();
  });

  it('leaves the confirmation alone without revalidateConfirmation', async () => {
    render(<TypedAsYouGo revalidateConfirmation={false} />);
    await typeConfirmationFirst();
    expect(screen.getByText('The passwords do not match.')).toBeTruthy();
  });
});
