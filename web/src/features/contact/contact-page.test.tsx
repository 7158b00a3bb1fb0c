import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../api/query-client';
import { setBootstrapData } from '../../api/bootstrap';
import { makeBootstrap } from '../../app/testing/bootstrap-factory';
import { clearToasts, getToasts } from '../../ui/toast/toast-store';
import { ContactPage } from './contact-page';

const fetchMock = vi.fn<typeof fetch>();

beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  // The bot check itself runs in the end-to-end test, against the real server.
  setBootstrapData(makeBootstrap({ settings: { 'recaptcha.enable.contact': false } }));
});
afterEach(() => {
  vi.unstubAllGlobals();
  fetchMock.mockReset();
  clearToasts();
});

function json(status: number, body: unknown) {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  });
}

function renderPage() {
  return render(
    <QueryClientProvider client={createQueryClient()}>
      <ContactPage />
    </QueryClientProvider>,
  );
}

it('asks for every field, with clear messages, before sending anything', async () => {
  renderPage();
  await userEvent.click(screen.getByRole('button', { name: 'Submit' }));
  expect(await screen.findByText('Please enter your name.')).toBeTruthy();
  expect(screen.getByText('Please enter your email address.')).toBeTruthy();
  expect(screen.getByText('Please enter a message.')).toBeTruthy();
  expect(document.activeElement).toBe(screen.getByLabelText(/Name/));

  await userEvent.type(screen.getByLabelText(/Email/), 'ana@');
  await userEvent.click(screen.getByRole('button', { name: 'Submit' }));
  expect(await screen.findByText('Please enter a valid email address.')).toBeTruthy();
  expect(fetchMock).not.toHaveBeenCalled();
});

it('sends the message and confirms it', async () => {
  fetchMock.mockResolvedValue(json(200, { message: 'Your message has been submitted.' }));
  renderPage();
  await userEvent.type(screen.getByLabelText(/Name/), 'Ana');
  await userEvent.type(screen.getByLabelText(/Email/), 'ana@example.com');
  await userEvent.type(screen.getByLabelText(/Message/), 'Hello there');
  await userEvent.click(screen.getByRole('button', { name: 'Submit' }));

  await vi.waitFor(() =>
    expect(getToasts()[0]).toMatchObject({
      type: 'positive',
      message: 'Your message has been submitted.',
    }),
  );
  const [url, init] = fetchMock.mock.calls[0]!;
  expect(url).toBe('/api/v1/contact-page');
  expect(JSON.parse(String(init?.body))).toEqual({
    name: 'Ana',
    email: 'ana@example.com',
    message: 'Hello there',
  });
  expect((screen.getByLabelText(/Message/) as HTMLTextAreaElement).value).toBe('');
});

it('shows the server field errors on their fields', async () => {
  fetchMock.mockResolvedValue(
    json(422, {
      message: 'The email must be a valid email address.',
      errors: { email: ['The email must be a valid email address.'] },
    }),
  );
  renderPage();
  await userEvent.type(screen.getByLabelText(/Name/), 'Ana');
  await userEvent.type(screen.getByLabelText(/Email/), 'ana@example.c');
  await userEvent.type(screen.getByLabelText(/Message/), 'Hello');
  await userEvent.click(screen.getByRole('button', { name: 'Submit' }));
  expect(await screen.findByText('The email must be a valid email address.')).toBeTruthy();
  expect(document.activeElement).toBe(screen.getByLabelText(/Email/));
});
