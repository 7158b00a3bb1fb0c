import '../../ui/test-utils';
import { PHONE_MESSAGE } from '@cadenza/contracts/auth';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { getBootstrapData } from '../../api/bootstrap';
import { makeBootstrap, makeUser } from '../../app/testing/bootstrap-factory';
import { shippedLanguage } from '../../app/testing/shipped-lines';
import { RegisterPage } from './register-page';
import { mockApi, validationError } from './testing/mock-api';
import { currentToast, renderScreen, resetScreenState } from './testing/render-screen';

const botCheck = vi.hoisted(() => ({
  action: '',
  verify: vi.fn<() => Promise<boolean>>(async () => true),
}));
vi.mock('../bot-check/use-bot-check', () => ({
  useBotCheck: (action: string) => {
    botCheck.action = action;
    return { enabled: true, isVerifying: false, verify: botCheck.verify };
  },
}));

let api: ReturnType<typeof mockApi>;
beforeEach(() => {
  api = mockApi();
  botCheck.verify.mockClear();
});
afterEach(() => {
  vi.unstubAllGlobals();
  resetScreenState();
});

const POLICIES = [
  { id: 'terms', name: 'Terms of Service', action: '/pages/terms' },
  { id: 'privacy', name: 'Privacy Policy', action: 'https://example.com/privacy' },
];

const visit = (path = '/register', settings: Record<string, unknown> = {}) =>
  renderScreen('/register', path, RegisterPage, makeBootstrap({ settings }));

const newMember = makeBootstrap({ user: makeUser({ email: 'new@example.com' }) });

async function fill(values: { email?: string; phone?: string; confirmation?: string } = {}) {
  const user = userEvent.setup();
  if (values.email !== '')
    await user.type(screen.getByLabelText(/^Email/), values.email ?? 'new@example.com');
  await user.type(screen.getByLabelText(/^Username/), 'newbie');
  if (values.phone) await user.type(screen.getByLabelText(/^Phone/), values.phone);
  await user.type(screen.getByLabelText(/^Password/), 'a-long-password');
  await user.type(
    screen.getByLabelText(/^Confirm password/),
    values.confirmation ?? 'a-long-password',
  );
  return user;
}

const submit = (user: ReturnType<typeof userEvent.setup>) =>
  user.click(screen.getByRole('button', { name: 'Create account' }));

describe('RegisterPage', () => {
  it('registers and goes to / when the e-mail needs verifying', async () => {
    api.on('POST /auth/register', { status: 'needs_email_verification', bootstrapData: newMember });
    const { router } = visit('/register?ref=FRIEND42');
    const user = await fill({ phone: '+55 (11) 91234-5678' });
    await submit(user);

    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(api.callsTo('POST /auth/register')[0]!.body).toEqual({
      email: 'new@example.com',
      username: 'newbie',
      phone: '+55 (11) 91234-5678',
      password: 'a-long-password',
      password_confirmation: 'a-long-password',
      referrer_code: 'FRIEND42',
      policies: [],
    });
    expect(getBootstrapData().user?.email).toBe('new@example.com');
  });

  it("lands a new member in the player's home", async () => {
    api.on('POST /auth/register', { status: 'success', bootstrapData: newMember });
    const { router } = visit('/register');
    await submit(await fill());
    await waitFor(() => expect(router.state.location.pathname).toBe('/discover'));
  });

  it('returns to the page the visitor was on the way to', async () => {
    api.on('POST /auth/register', { status: 'success', bootstrapData: newMember });
    const { router } = visit('/register?redirect=%2Fworkspaces');
    await submit(await fill());
    await waitFor(() => expect(router.state.location.pathname).toBe('/workspaces'));
  });

  it('goes to pricing after registering from the pricing page', async () => {
    api.on('POST /auth/register', { status: 'success', bootstrapData: newMember });
    const { router } = visit('/register?redirectFrom=pricing');
    await submit(await fill());
    await waitFor(() => expect(router.state.location.pathname).toBe('/pricing'));
  });

  it.each([
    ['too short', '12345'],
    ['letters', '11 9abc-5678'],
    ['too long', '+55 (11) 91234-5678 9999'],
  ])('refuses a phone number with %s', async (_reason, phone) => {
    visit();
    await submit(await fill({ phone }));
    expect(await screen.findByText(PHONE_MESSAGE)).toBeTruthy();
    expect(api.calls).toHaveLength(0);
  });

  it('requires a password of at least 8 characters', async () => {
    visit();
    const user = userEvent.setup();
    await user.type(screen.getByLabelText(/^Email/), 'new@example.com');
    await user.type(screen.getByLabelText(/^Username/), 'newbie');
    await user.type(screen.getByLabelText(/^Password/), 'short');
    await user.type(screen.getByLabelText(/^Confirm password/), 'short');
    await submit(user);
    expect(await screen.findByText('The password must be at least 8 characters.')).toBeTruthy();
    expect(api.calls).toHaveLength(0);
  });

  it('requires the passwords to match', async () => {
    visit();
    await submit(await fill({ confirmation: 'something-else' }));
    expect(await screen.findByText('The passwords do not match.')).toBeTruthy();
    expect(api.calls).toHaveLength(0);
  });

  it('needs a tick for each registration policy, linked to the policy', async () => {
    api.on('POST /auth/register', { status: 'success', bootstrapData: newMember });
    visit('/register', { 'registration.policies': POLICIES });
    expect(screen.getByRole('link', { name: 'Terms of Service' }).getAttribute('href')).toBe(
      '/pages/terms',
    );
    expect(screen.getByRole('link', { name: 'Privacy Policy' }).getAttribute('href')).toBe(
      'https://example.com/privacy',
    );
    const user = await fill();
    await user.click(screen.getByRole('checkbox', { name: /I accept the Terms of Service/ }));
    await submit(user);
    expect(await screen.findByText('You must accept this policy.')).toBeTruthy();
    expect(api.calls).toHaveLength(0);

    await user.click(screen.getByRole('checkbox', { name: /I accept the Privacy Policy/ }));
    await submit(user);
    await waitFor(() => expect(api.callsTo('POST /auth/register')).toHaveLength(1));
    expect(api.callsTo('POST /auth/register')[0]!.body).toMatchObject({
      policies: ['terms', 'privacy'],
    });
  });

  it('prefills and locks the e-mail from an invitation link', () => {
    visit('/register?email=invited%40example.com');
    const email = screen.getByLabelText<HTMLInputElement>(/^Email/);
    expect(email.value).toBe('invited@example.com');
    expect(email.readOnly).toBe(true);
  });

  it('offers show/hide on both password fields', () => {
    visit();
    expect(screen.getAllByRole('button', { name: 'Show password' })).toHaveLength(2);
  });

  it('attaches server errors to their fields', async () => {
    api.on(
      'POST /auth/register',
      validationError({ email: 'The email has already been taken.' }),
      422,
    );
    visit();
    await submit(await fill());
    expect(await screen.findByText('The email has already been taken.')).toBeTruthy();
  });

  it('runs the bot check before registering, and stops when it fails', async () => {
    api.on('POST /auth/register', { status: 'success', bootstrapData: newMember });
    botCheck.verify.mockResolvedValueOnce(false);
    visit();
    const user = await fill();
    await submit(user);
    await waitFor(() => expect(botCheck.verify).toHaveBeenCalledTimes(1));
    expect(api.callsTo('POST /auth/register')).toHaveLength(0);

    botCheck.verify.mockResolvedValueOnce(true);
    await submit(user);
    await waitFor(() => expect(api.callsTo('POST /auth/register')).toHaveLength(1));
    expect(botCheck.action).toBe('register');
  });

  it('goes to the checkout of a plan picked on the pricing page', async () => {
    localStorage.setItem('be.onboarding.selected', JSON.stringify({ productId: 2, priceId: 5 }));
    api.on('POST /auth/register', { status: 'success', bootstrapData: newMember });
    const { router } = visit('/register?redirectFrom=pricing');
    await submit(await fill());
    await waitFor(() => expect(router.state.location.pathname).toBe('/checkout/2/5'));
    localStorage.clear();
  });
});

const preview = (discount: number) => ({
  valid: true,
  message: 'Valid voucher.',
  voucher: { id: 7, code: 'SUMMER', discount_percentage: discount },
  plan: { product_id: 2, price_id: 5, product_name: 'Premium', interval: 'year' },
  pricing: {
    original_price: 19900,
    discount_amount: (19900 * discount) / 100,
    final_price: 19900 - (19900 * discount) / 100,
    discount_percentage: discount,
    currency: 'BRL',
  },
});

describe('RegisterPage voucher field', () => {
  const billing = { 'billing.enable': true };

  it('is hidden while billing is off', () => {
    visit('/register');
    expect(screen.queryByLabelText('Voucher code')).toBeNull();
  });

  it('applies a trimmed, upper-cased code with Enter, without submitting the form', async () => {
    api.on('POST /api/v1/vouchers/preview-register', preview(25));
    visit('/register', billing);
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Voucher code'), '  summer {Enter}');
    await screen.findByText(/25% off Premium: .+ instead of .+/);
    expect(api.callsTo('POST /api/v1/vouchers/preview-register')[0]!.body).toEqual({
      voucher_code: 'SUMMER',
    });
    expect(api.callsTo('POST /auth/register')).toHaveLength(0);
    expect((screen.getByLabelText('Voucher code') as HTMLInputElement).value).toBe('SUMMER');
  });

  it('says when a code is not valid, and when it could not be checked', async () => {
    api.on('POST /api/v1/vouchers/preview-register', { valid: false, message: 'Invalid voucher.' });
    visit('/register', billing);
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Voucher code'), 'nope{Enter}');
    await screen.findByText('Invalid voucher.');
    api.on('POST /api/v1/vouchers/preview-register', { message: 'down' }, 503);
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    await screen.findByText('We could not check the voucher. Try again.');
    expect(screen.queryByText('Invalid voucher.')).toBeNull();
  });

  it('says so in Portuguese on the Portuguese site', async () => {
    api.on('POST /api/v1/vouchers/preview-register', { valid: false, message: 'Invalid voucher.' });
    renderScreen(
      '/register',
      '/register',
      RegisterPage,
      makeBootstrap({ settings: billing, i18n: shippedLanguage('pt-BR') }),
    );
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Código do voucher'), 'nope{Enter}');
    await screen.findByText('Voucher inválido.');
    api.on('POST /api/v1/vouchers/preview-register', { message: 'down' }, 503);
    await user.click(screen.getByRole('button', { name: 'Aplicar' }));
    await screen.findByText('Erro ao validar voucher');
  });

  it('turns a 100 % voucher into a free subscription after registering', async () => {
    api
      .on('POST /api/v1/vouchers/preview-register', preview(100))
      .on('POST /auth/register', { status: 'success', bootstrapData: newMember })
      .on('POST /api/v1/vouchers/create-free-subscription', { subscription: {} })
      .on('GET /api/v1/me', { user: makeUser() });
    const { router } = visit('/register', billing);
    const user = await fill();
    await user.type(screen.getByLabelText('Voucher code'), 'summer');
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    await screen.findByText(/Premium free for one year|25% off Premium/);
    await submit(user);
    await waitFor(() => expect(router.state.location.pathname).toBe('/checkout/voucher/success'));
    expect(api.callsTo('POST /auth/register')[0]!.body).toMatchObject({ voucher_code: 'SUMMER' });
    expect(api.callsTo('POST /api/v1/vouchers/create-free-subscription')[0]!.body).toEqual({
      product_id: 2,
      price_id: 5,
      voucher_id: 7,
    });
  });

  it('takes a partial voucher on to its checkout', async () => {
    api
      .on('POST /api/v1/vouchers/preview-register', preview(25))
      .on('POST /auth/register', { status: 'success', bootstrapData: newMember });
    const { router } = visit('/register', billing);
    const user = await fill();
    await user.type(screen.getByLabelText('Voucher code'), 'summer{Enter}');
    await screen.findByText(/Premium free for one year|25% off Premium/);
    await submit(user);
    await waitFor(() =>
      expect(`${router.state.location.pathname}${router.state.location.search}`).toBe(
        '/checkout/2/5?voucher=SUMMER',
      ),
    );
  });

  it('says when the free subscription could not be created', async () => {
    api
      .on('POST /api/v1/vouchers/preview-register', preview(100))
      .on('POST /auth/register', { status: 'success', bootstrapData: newMember })
      .on('POST /api/v1/vouchers/create-free-subscription', { message: 'Invalid voucher.' }, 422);
    visit('/register', billing);
    const user = await fill();
    await user.type(screen.getByLabelText('Voucher code'), 'summer{Enter}');
    await screen.findByText(/Premium free for one year|25% off Premium/);
    await submit(user);
    await waitFor(() =>
      expect(currentToast()).toEqual({
        message: 'We could not create your free subscription. Choose a plan on the pricing page.',
        type: 'danger',
      }),
    );
  });
});
