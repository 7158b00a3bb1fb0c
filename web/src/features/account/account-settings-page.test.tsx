import '../../ui/test-utils';
import { PHONE_MESSAGE } from '@cadenza/contracts/auth';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi } from '../auth/testing/mock-api';
import { currentToast, renderScreen, resetScreenState } from '../auth/testing/render-screen';
import { player, playerStore } from '../player/state/player-store';
import { AccountSettingsPage } from './account-settings-page';
import {
  accountBootstrap,
  accountUser,
  mockAccountApi,
  scrobblers,
} from './testing/account-fixtures';

afterEach(() => {
  vi.unstubAllGlobals();
  resetScreenState();
  document.querySelectorAll('script[data-google-maps]').forEach((script) => script.remove());
});

async function visit(
  api = mockAccountApi(),
  settings: Record<string, unknown> = {},
  user = accountUser(),
) {
  const view = renderScreen(
    '/account-settings',
    '/account-settings',
    AccountSettingsPage,
    accountBootstrap(user, settings),
  );
  await screen.findByRole('heading', { name: 'Name and profile image' });
  return { ...view, api };
}

const panel = (id: string) => within(document.getElementById(id)!);

describe('AccountSettingsPage', () => {
  it('stacks the panels in the order of the spec', async () => {
    await visit();
    const ids = [...document.querySelectorAll('[aria-labelledby$="-heading"]')].map(
      (element) => element.id,
    );
    expect(ids).toEqual([
      'account-details',
      'contact-info',
      'password',
      'two-factor',
      'sessions',
      'location-and-language',
      // Issue 66: the player's "Normalise volume".
      'playback',
      // Issue 16 adds the music apps panel beside the API tokens.
      'music-apps',
      'scrobbling',
      'developers',
      'delete-account',
    ]);
  });

  it('sets Normalise volume and its pre-amp, kept with the player in this browser', async () => {
    await visit();
    const playback = panel('playback');
    const preamp = playback.getByRole<HTMLInputElement>('slider', { name: 'Pre-amp' });
    expect(preamp.disabled).toBe(true);
    await userEvent.click(playback.getByRole('combobox', { name: 'Normalise volume' }));
    await userEvent.click(
      await screen.findByRole('option', { name: 'Album: as the album was mastered' }),
    );
    expect(preamp.disabled).toBe(false);
    fireEvent.change(preamp, { target: { value: '3.5' } });
    expect(playback.getByRole('status').textContent).toBe('+3.5 dB');
    expect(playerStore.getState().normalisation).toEqual({ mode: 'album', preampDb: 3.5 });
    expect(JSON.parse(localStorage.getItem('cadenza.player')!)).toMatchObject({
      normalisation: { mode: 'album', preampDb: 3.5 },
    });
    player.setNormalisation({ mode: 'off', preampDb: 0 });
  });

  it('hides API tokens without the api.access permission or with the API switched off', async () => {
    const { unmount } = await visit(
      mockAccountApi(),
      {},
      accountUser({ permissions: [{ name: 'music.view', restrictions: [] }] }),
    );
    expect(document.getElementById('developers')).toBeNull();
    unmount();
    resetScreenState();
    await visit(mockAccountApi(), { 'api.integrated': false });
    expect(document.getElementById('developers')).toBeNull();
  });

  it('shows the load error with a retry', async () => {
    mockApi().on('GET /api/v1/users/me', { message: 'Server Error' }, 500);
    renderScreen('/account-settings', '/account-settings', AccountSettingsPage, accountBootstrap());
    expect(
      await screen.findByText('There was an issue loading this page', {}, { timeout: 5000 }),
    ).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
  });
});

describe('name and profile image', () => {
  it('saves the name only once it changed', async () => {
    const { api } = await visit();
    api.on('PUT /api/v1/users/me', { user: accountUser({ first_name: 'Augusta' }) });
    const save = panel('account-details').getByRole<HTMLButtonElement>('button', { name: 'Save' });
    expect(save.disabled).toBe(true);

    const user = userEvent.setup();
    const firstName = panel('account-details').getByLabelText('First name');
    await user.clear(firstName);
    await user.type(firstName, 'Augusta');
    await waitFor(() => expect(save.disabled).toBe(false));
    await user.click(save);

    await waitFor(() =>
      expect(currentToast()).toEqual({ message: 'Updated account details', type: 'positive' }),
    );
    expect(api.callsTo('PUT /api/v1/users/me')[0]!.body).toEqual({
      first_name: 'Augusta',
      last_name: 'Lovelace',
      avatar: null,
    });
  });

  it('checks an avatar before uploading it', async () => {
    const { api } = await visit();
    api.on('POST /api/v1/users/7/avatar', {
      user: accountUser({ avatar: '/a.png' }),
      url: '/a.png',
    });
    const input = screen.getByLabelText<HTMLInputElement>('Profile image file');
    const user = userEvent.setup({ applyAccept: false });

    await user.upload(input, new File(['%PDF'], 'cv.pdf', { type: 'application/pdf' }));
    expect(currentToast()).toEqual({ message: 'Please select an image.', type: 'danger' });

    const big = new File([new Uint8Array(2 * 1024 * 1024 + 1)], 'huge.png', { type: 'image/png' });
    await user.upload(input, big);
    expect(currentToast()).toEqual({
      message: '`huge.png` exceeds maximum allowed size of 2 MB',
      type: 'danger',
    });
    expect(api.callsTo('POST /api/v1/users/7/avatar')).toHaveLength(0);

    const small = new File([new Uint8Array(10)], 'me.png', { type: 'image/png' });
    await user.upload(input, small);
    await waitFor(() => expect(api.callsTo('POST /api/v1/users/7/avatar')).toHaveLength(1));
    const sent = api.callsTo('POST /api/v1/users/7/avatar')[0]!.body as FormData;
    expect((sent.get('file') as File).name).toBe('me.png');
  });

  it('removes the avatar', async () => {
    const api = mockAccountApi(accountUser({ avatar: '/storage/avatars/ada.png' }));
    api.on('DELETE /api/v1/users/7/avatar', { user: accountUser() });
    await visit(api, {}, accountUser({ avatar: '/storage/avatars/ada.png' }));
    await userEvent.setup().click(screen.getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(api.callsTo('DELETE /api/v1/users/7/avatar')).toHaveLength(1));
  });
});

describe('personal data', () => {
  it('takes the address in plain fields without a maps key, and tells the listener nothing about the key', async () => {
    const listener = accountUser({
      address_json: {
        street: 'Rua Augusta',
        street_number: '100',
        neighborhood: 'Consolação',
        city: 'São Paulo',
        state: 'SP',
        country: 'BR',
        postal_code: '01304-000',
        latitude: -23.55,
        longitude: -46.65,
      },
    });
    const { api } = await visit(mockAccountApi(listener), {}, listener);
    api.on('PUT /api/v1/users/me/contact-info', {
      message: 'Contact information updated',
      user: accountUser(),
    });
    const contact = panel('contact-info');
    expect(contact.queryByText(/Google Maps/)).toBeNull();
    expect(document.querySelector('script[data-google-maps]')).toBeNull();
    const street = contact.getByLabelText<HTMLInputElement>('Street');
    expect(street.disabled).toBe(false);
    expect(street.value).toBe('Rua Augusta');

    const user = userEvent.setup();
    await user.clear(contact.getByLabelText('Number'));
    await user.type(contact.getByLabelText('Number'), '250');
    await user.click(contact.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.callsTo('PUT /api/v1/users/me/contact-info')).toHaveLength(1));
    expect(api.callsTo('PUT /api/v1/users/me/contact-info')[0]!.body).toEqual({
      phone: null,
      cpf: null,
      address_json: {
        street: 'Rua Augusta',
        street_number: '250',
        neighborhood: 'Consolação',
        city: 'São Paulo',
        state: 'SP',
        country: 'BR',
        postal_code: '01304-000',
        latitude: null,
        longitude: null,
      },
    });
  });

  it('asks for a CPF only of people in Brazil, or who already saved one', async () => {
    const inPortugal = accountUser({ country: 'PT' });
    const { unmount } = await visit(mockAccountApi(inPortugal), {}, inPortugal);
    expect(panel('contact-info').queryByLabelText('CPF')).toBeNull();
    expect(panel('contact-info').getByText(/Your address and phone number/)).toBeTruthy();
    unmount();
    resetScreenState();

    const withCpf = accountUser({ country: 'PT', cpf: '52998224725' });
    const again = await visit(mockAccountApi(withCpf), {}, withCpf);
    expect(panel('contact-info').getByLabelText<HTMLInputElement>('CPF').value).toBe(
      '529.982.247-25',
    );
    again.unmount();
    resetScreenState();

    await visit(mockAccountApi(), {}, accountUser({ country: 'BR' }));
    expect(panel('contact-info').getByLabelText('CPF')).toBeTruthy();
  });

  it('loads the maps script with the key when one is configured', async () => {
    await visit(mockAccountApi(), { 'maps.google_key': 'maps-key-123' });
    expect(panel('contact-info').getByLabelText<HTMLInputElement>('Address').disabled).toBe(false);
    expect(panel('contact-info').queryByLabelText('Street')).toBeNull();
    const script = document.querySelector<HTMLScriptElement>('script[data-google-maps]');
    expect(script?.src).toContain('key=maps-key-123');
    expect(script?.src).toContain('libraries=places');
  });

  it('masks the CPF, refuses a wrong check digit and saves a valid one', async () => {
    const { api } = await visit();
    api.on('PUT /api/v1/users/me/contact-info', {
      message: 'Contact information updated',
      user: accountUser({ cpf: '52998224725' }),
    });
    const user = userEvent.setup();
    const cpf = panel('contact-info').getByLabelText<HTMLInputElement>('CPF');
    const save = panel('contact-info').getByRole<HTMLButtonElement>('button', { name: 'Save' });

    await user.type(cpf, '52998224735');
    expect(cpf.value).toBe('529.982.247-35');
    expect(await panel('contact-info').findByText('Enter a valid CPF.')).toBeTruthy();
    expect(save.disabled).toBe(true);

    await user.clear(cpf);
    await user.type(cpf, '52998224725');
    await waitFor(() => expect(save.disabled).toBe(false));
    await user.click(save);
    await waitFor(() =>
      expect(currentToast()).toEqual({ message: 'Contact information updated', type: 'positive' }),
    );
    expect(api.callsTo('PUT /api/v1/users/me/contact-info')[0]!.body).toEqual({
      phone: null,
      cpf: '52998224725',
      address_json: null,
    });
  });

  it('validates the phone number', async () => {
    await visit();
    await userEvent.setup().type(panel('contact-info').getByLabelText('Phone'), '12ab');
    expect(await panel('contact-info').findByText(PHONE_MESSAGE)).toBeTruthy();
  });
});

describe('password', () => {
  async function fill(current: string, next: string, confirmation: string) {
    const user = userEvent.setup();
    await user.type(panel('password').getByLabelText(/^Current password/), current);
    await user.type(panel('password').getByLabelText(/^New password/), next);
    await user.type(panel('password').getByLabelText(/^Confirm password/), confirmation);
    return user;
  }
  const saveButton = () =>
    panel('password').getByRole<HTMLButtonElement>('button', { name: 'Update password' });

  it('stays disabled until the passwords match', async () => {
    await visit();
    expect(saveButton().disabled).toBe(true);
    await fill('old-password', 'new-password-1', 'new-password-2');
    expect(await panel('password').findByText('The passwords do not match.')).toBeTruthy();
    expect(saveButton().disabled).toBe(true);
  });

  it('changes the password and clears the form', async () => {
    const { api } = await visit();
    api.on('PUT /auth/user/password', { message: 'Password changed' });
    const user = await fill('old-password', 'new-password-1', 'new-password-1');
    await waitFor(() => expect(saveButton().disabled).toBe(false));
    await user.click(saveButton());
    await waitFor(() =>
      expect(currentToast()).toEqual({ message: 'Password changed', type: 'positive' }),
    );
    expect(api.callsTo('PUT /auth/user/password')[0]!.body).toEqual({
      current_password: 'old-password',
      password: 'new-password-1',
      password_confirmation: 'new-password-1',
    });
    expect(panel('password').getByLabelText<HTMLInputElement>(/^Current password/).value).toBe('');
  });

  it('shows a wrong current password under its field', async () => {
    const { api } = await visit();
    api.on(
      'PUT /auth/user/password',
      { message: 'Invalid', errors: { current_password: ['The password is incorrect.'] } },
      422,
    );
    const user = await fill('wrong', 'new-password-1', 'new-password-1');
    await waitFor(() => expect(saveButton().disabled).toBe(false));
    await user.click(saveButton());
    expect(await panel('password').findByText('The password is incorrect.')).toBeTruthy();
  });
});

describe('date, time and language', () => {
  it('saves a new country', async () => {
    const { api } = await visit();
    api.on('PUT /api/v1/users/me', { user: accountUser({ country: 'PT' }) });
    const user = userEvent.setup();
    const save = panel('location-and-language').getByRole<HTMLButtonElement>('button', {
      name: 'Save',
    });
    const country = await panel('location-and-language').findByRole('combobox', {
      name: 'Country',
    });
    expect(country.textContent).toContain('Brazil');
    expect(save.disabled).toBe(true);

    await user.click(country);
    await user.click(await screen.findByRole('option', { name: 'Portugal' }));
    await waitFor(() => expect(save.disabled).toBe(false));
    await user.click(save);
    await waitFor(() =>
      expect(currentToast()).toEqual({ message: 'Updated preferences', type: 'positive' }),
    );
    expect(api.callsTo('PUT /api/v1/users/me')[0]!.body).toEqual({
      language: 'en',
      timezone: 'America/Sao_Paulo',
      country: 'PT',
    });
  });
});

describe('scrobbling', () => {
  it('connects ListenBrainz with a token, showing a refused one on its field', async () => {
    const { api } = await visit();
    const scrobbling = panel('scrobbling');
    const user = userEvent.setup();
    const field = await scrobbling.findByLabelText('ListenBrainz user token');
    api.on(
      'PUT /api/v1/me/scrobblers/listenbrainz',
      {
        message: 'The given data was invalid.',
        errors: { token: 'ListenBrainz does not know this token.' },
      },
      422,
    );
    await user.type(field, 'guessed');
    await user.click(scrobbling.getByRole('button', { name: 'Connect' }));
    expect(await scrobbling.findByText('ListenBrainz does not know this token.')).toBeTruthy();

    api.on('PUT /api/v1/me/scrobblers/listenbrainz', {
      scrobblers: scrobblers({ listenbrainz: 'rob' }),
    });
    await user.clear(field);
    await user.type(field, 'the-real-token');
    await user.click(scrobbling.getByRole('button', { name: 'Connect' }));
    expect(await scrobbling.findByText('Connected as rob')).toBeTruthy();
    expect(api.callsTo('PUT /api/v1/me/scrobblers/listenbrainz')[1]!.body).toEqual({
      token: 'the-real-token',
    });
    expect(scrobbling.getByRole('button', { name: 'Disconnect ListenBrainz' })).toBeTruthy();
  });

  it("finishes Last.fm's sign-in when it comes back with its token", async () => {
    const api = mockAccountApi().on('PUT /api/v1/me/scrobblers/lastfm', {
      scrobblers: scrobblers({ lastfm: 'rj' }),
    });
    renderScreen(
      '/account-settings',
      '/account-settings?connect=lastfm&state=123.abc&token=lfm-token',
      AccountSettingsPage,
      accountBootstrap(),
    );
    await screen.findByRole('heading', { name: 'Scrobbling' }, { timeout: 5000 });
    expect(await panel('scrobbling').findByText('Connected as rj')).toBeTruthy();
    expect(api.callsTo('PUT /api/v1/me/scrobblers/lastfm').map((call) => call.body)).toEqual([
      { token: 'lfm-token', state: '123.abc' },
    ]);
    await waitFor(() =>
      expect(currentToast()).toEqual({ message: 'Last.fm connected', type: 'positive' }),
    );
  });
});
