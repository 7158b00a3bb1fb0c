import type { APIRequestContext, Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startStripeStandin } from '../../server/src/modules/billing/stripe-standin.js';
import type { StripeStandin } from '../../server/src/modules/billing/stripe-standin/types.js';
import { logIn, sendWithXsrf, startAppProcess, type AppProcess } from './app-process.js';
import { DESKTOP, openApp, MOBILE, launchBrowser, saveScreenshot } from './browser.js';
import { playerBar, waitForElapsed } from './player-bar.js';

/*
 * Plans and payments, against an app of this file's own that pays through a local server
 * speaking Stripe's API: the browser "pays" on that server's hosted checkout page.
 */

const ADMIN_EMAIL = 'admin@example.com';
const ADMIN_PASSWORD = 'billing-admin-password';
const AD =
  '<div style="font:16px sans-serif;padding:24px;background:#ffd">Concert tickets on sale</div>';

let browser: Browser;
let app: AppProcess;
let stripe: StripeStandin;
let admin: APIRequestContext;
let sequence = 0;

beforeAll(async () => {
  stripe = await startStripeStandin();
  app = await startAppProcess(
    {
      ADMIN_EMAIL,
      ADMIN_PASSWORD,
      STRIPE_SECRET_KEY: stripe.secretKey,
      STRIPE_WEBHOOK_SECRET: stripe.webhookSecret,
      STRIPE_API_BASE: stripe.url,
      LOG_LEVEL: 'fatal',
    },
    { startupSeconds: 240 },
  );
  stripe.setWebhookUrl(`${app.url}/api/v1/billing/stripe/webhook`);
  browser = await launchBrowser();
  admin = (await browser.newContext({ baseURL: app.url })).request;
  await logIn(admin, ADMIN_EMAIL, ADMIN_PASSWORD);
  await sendWithXsrf(admin, '/api/v1/settings', {
    'billing.enable': true,
    'homepage.pricing': true,
    'ads.general_top': AD,
  });
});

afterAll(async () => {
  await browser?.close();
  await app?.stop();
  await stripe?.close();
});

async function newContext(
  device = DESKTOP,
  theme: 'dark' | 'light' = 'dark',
): Promise<BrowserContext> {
  const context = await browser.newContext({ ...device, baseURL: app.url, colorScheme: theme });
  await context.addInitScript((choice) => localStorage.setItem('be-active-theme', choice), theme);
  await context.addCookies([{ name: 'cookie_notice_accepted', value: '1', url: app.url }]);
  return context;
}

function account() {
  sequence++;
  const name = `listener${sequence}${Date.now()}`;
  return { email: `${name}@example.com`, username: name, password: 'a quiet listening room' };
}

async function register(page: Page, person: ReturnType<typeof account>) {
  await page.getByLabel('Email').fill(person.email);
  await page.getByLabel('Username').fill(person.username);
  await page.getByLabel(/^Password\*?$/).fill(person.password);
  await page.getByLabel('Confirm password').fill(person.password);
}

const adFrames = (page: Page) => page.locator('iframe[title="Advertisement"]');

async function firstAlbumId(page: Page): Promise<number> {
  const response = await page.request.get('/api/v1/albums/new-releases?perPage=1');
  return ((await response.json()).pagination.data[0] as { id: number }).id;
}

describe('plans and payments', () => {
  it('a guest picks Premium yearly, registers, pays, loses the ads, then cancels and resumes', async () => {
    const context = await newContext();
    const page = await context.newPage();
    const person = account();

    // Ads show before there is a plan.
    await openApp(page, '/discover');
    await expect.poll(() => adFrames(page).count(), { timeout: 20_000 }).toBeGreaterThan(0);

    await page.goto('/pricing');
    const yearly = page.getByRole('radio', { name: /Yearly/ });
    await expect.poll(() => yearly.getAttribute('aria-checked')).toBe('true');
    const premium = page
      .getByRole('listitem')
      .filter({ has: page.getByRole('heading', { name: 'Premium' }) });
    await expect.poll(() => premium.textContent()).toContain('per year');
    await premium.getByRole('link', { name: 'Choose Premium' }).click();
    await page.waitForURL((url) => url.pathname === '/register');

    await register(page, person);
    await page.getByRole('button', { name: 'Create account' }).click();
    // The plan picked before registering goes on to its checkout, then to the payment page.
    await page.waitForURL((url) => url.href.startsWith(stripe.url), { timeout: 20_000 });
    await page.getByRole('heading', { name: 'Pay Premium' }).waitFor();
    await page.getByRole('button', { name: 'Subscribe' }).click();

    await page.waitForURL((url) => url.pathname === '/checkout/success');
    await page.getByRole('heading', { name: 'You are all set' }).waitFor({ timeout: 20_000 });
    await saveScreenshot(page, 'checkout-return');

    await openApp(page, '/discover');
    await page
      .getByRole('button', { name: 'Play', exact: true })
      .first()
      .waitFor({ timeout: 20_000 });
    expect(await adFrames(page).count()).toBe(0);

    await page.goto('/billing');
    await page.getByRole('heading', { name: 'Current plan' }).waitFor();
    const plan = page.getByRole('region', { name: 'Current plan' });
    await expect.poll(() => plan.textContent()).toContain('Premium');
    expect(await plan.textContent()).toContain('Your plan renews on');
    const invoices = page.getByRole('region', { name: 'Invoices' });
    await invoices.getByRole('link', { name: /View invoice/ }).waitFor();
    // An English visitor is shown, and pays, the price in dollars.
    expect(await invoices.textContent()).toContain('$109.90');
    expect(await page.getByRole('region', { name: 'Payment method' }).textContent()).toContain(
      '4242',
    );
    await saveScreenshot(page, 'billing');

    await plan.getByRole('button', { name: 'Cancel plan' }).click();
    const dialog = page.getByRole('dialog', { name: 'Cancel your plan?' });
    await dialog.getByRole('button', { name: 'Cancel plan' }).click();
    await expect.poll(() => plan.textContent()).toContain('Your plan ends on');
    await plan.getByRole('button', { name: 'Resume plan' }).click();
    await expect.poll(() => plan.textContent()).toContain('Your plan renews on');

    // The plan includes offline listening: an album saved on the device plays without a network.
    const albumId = await firstAlbumId(page);
    await openApp(page, `/album/${albumId}`);
    await page.getByRole('button', { name: 'Available offline' }).click();
    await page
      .getByRole('button', { name: 'Remove from this device' })
      .waitFor({ timeout: 30_000 });
    await context.setOffline(true);
    await page.getByRole('button', { name: 'Play', exact: true }).first().click();
    await waitForElapsed(playerBar(page), 2);
    await page.getByRole('button', { name: 'Pause', exact: true }).first().click();
    await context.setOffline(false);

    // The account menu offers Billing to subscribers.
    await page.goto('/pricing');
    await page.getByRole('button', { name: /^Account menu of/ }).click();
    await page.getByRole('menuitem', { name: 'Billing' }).waitFor();
    await context.close();
  });

  it('offers the plans to a listener without one who wants music offline', async () => {
    const context = await newContext();
    const page = await context.newPage();
    await page.goto('/register');
    await register(page, account());
    await page.getByRole('button', { name: 'Create account' }).click();
    await page.waitForURL((url) => url.pathname === '/discover');
    await openApp(page, `/album/${await firstAlbumId(page)}`);
    await page.getByRole('button', { name: 'Available offline' }).click();
    await page.getByText('Offline listening comes with a plan that includes it.').waitFor();
    await page.getByRole('link', { name: 'See plans' }).click();
    await page.waitForURL((url) => url.pathname === '/pricing');
    await context.close();
  });

  it('an admin creates a 100 % voucher, and a user registers with it and has the plan', async () => {
    const code = `FREEYEAR${Date.now()}`;
    const adminContext = await newContext();
    await logIn(adminContext.request, ADMIN_EMAIL, ADMIN_PASSWORD);
    const adminPage = await adminContext.newPage();
    await adminPage.goto('/admin/vouchers');
    await adminPage.getByRole('button', { name: 'New voucher' }).click();
    const dialog = adminPage.getByRole('dialog', { name: 'New voucher' });
    await dialog.getByRole('button', { name: 'Create' }).click();
    await dialog.getByText('Enter the code people will type.').waitFor();
    await dialog.getByLabel(/^Code\*?$/).fill(code);
    await dialog.getByLabel(/^Discount/).fill('100');
    await dialog.getByRole('combobox', { name: 'Plan and price' }).click();
    await adminPage.getByRole('option', { name: /^Premium, .*199.* \/ year$/ }).click();
    await saveScreenshot(adminPage, 'admin-voucher-editor');
    await dialog.getByRole('button', { name: 'Create' }).click();
    await adminPage.getByText('Voucher created').waitFor();
    const row = adminPage.getByRole('row').filter({ hasText: code });
    await row.getByText('0 (no limit)').waitFor();

    const context = await newContext(MOBILE);
    const page = await context.newPage();
    await page.goto('/register');
    await register(page, account());
    await page.getByLabel('Voucher code').fill(code.toLowerCase());
    await page.getByLabel('Voucher code').press('Enter');
    await page.getByText(/Premium free for one year/).waitFor();
    await page.getByRole('button', { name: 'Create account' }).click();
    await page.waitForURL((url) => url.pathname === '/checkout/voucher/success');
    await page.getByRole('heading', { name: 'Subscription activated' }).waitFor();
    await page.getByText(/Your voucher gives you Premium until/).waitFor();
    await context.close();

    // The admin sees the voucher used once, and the new subscription in the list.
    await adminPage.reload();
    await row.getByText('1 (no limit)').waitFor();
    await adminPage.goto('/admin/subscriptions');
    await adminPage
      .getByRole('table', { name: 'Subscriptions' })
      .getByText('Voucher')
      .first()
      .waitFor();
    await saveScreenshot(adminPage, 'admin-subscriptions');
    await adminPage.goto('/admin/plans');
    await adminPage.getByRole('button', { name: 'Edit Premium' }).click();
    await adminPage
      .getByRole('dialog', { name: 'Edit plan' })
      .getByText(/current subscribers keep/)
      .waitFor();
    await saveScreenshot(adminPage, 'admin-plan-editor');
    await adminContext.close();
  });

  it('a signed-in listener without a plan redeems a code on the billing page and has the plan', async () => {
    const code = `GIFT${Date.now()}`;
    const products = (
      await (await sendWithXsrf(admin, '/api/v1/admin/products', undefined, 'GET')).json()
    ).pagination.data as { name: string; id: number; prices: { id: number; interval: string }[] }[];
    const premium = products.find((product) => product.name === 'Premium')!;
    await sendWithXsrf(admin, '/api/v1/admin/vouchers', {
      code,
      discount_percentage: 100,
      product_id: premium.id,
      price_id: premium.prices.find((price) => price.interval === 'year')!.id,
    });

    const context = await newContext();
    const page = await context.newPage();
    await page.goto('/register');
    await register(page, account());
    await page.getByRole('button', { name: 'Create account' }).click();
    await page.waitForURL((url) => url.pathname === '/discover');

    // The plans offer the same dialog to one who is signed in.
    await page.goto('/pricing');
    await page.getByRole('button', { name: 'Redeem a code' }).click();
    await page.getByRole('dialog', { name: 'Redeem a code' }).getByLabel('Voucher code').waitFor();
    await page.keyboard.press('Escape');

    await page.goto('/billing');
    await page.getByText('You have no plan yet').waitFor();
    await page.getByRole('button', { name: 'Redeem a code' }).click();
    const dialog = page.getByRole('dialog', { name: 'Redeem a code' });
    const field = dialog.getByLabel('Voucher code');
    await field.fill('NO-SUCH-CODE');
    await dialog.getByRole('button', { name: 'Redeem' }).click();
    await dialog.getByText('There is no voucher with this code.').waitFor();
    await field.fill('not a code!');
    await dialog.getByRole('button', { name: 'Redeem' }).click();
    await dialog.getByText('A voucher code has letters, digits, - and _ only.').waitFor();

    await field.fill(` ${code.toLowerCase()} `);
    await dialog.getByRole('button', { name: 'Redeem' }).click();
    await page
      .getByRole('dialog', { name: 'Code redeemed' })
      .getByText(/Premium is yours until/)
      .waitFor();
    await saveScreenshot(page, 'billing-code-redeemed');
    await page.getByRole('button', { name: 'Done' }).click();
    const plan = page.getByRole('region', { name: 'Current plan' });
    await expect.poll(() => plan.textContent()).toContain('Premium');
    expect(await plan.textContent()).toContain('Given by a voucher');
    await context.close();
  });

  it('the change-plan confirmation shows what is charged today, and the invoice says the same', async () => {
    const context = await newContext();
    const page = await context.newPage();
    await page.goto('/register');
    await register(page, account());
    await page.getByRole('button', { name: 'Create account' }).click();
    await page.waitForURL((url) => url.pathname === '/discover');

    // Premium monthly through the pricing page, paid on the payment page.
    await page.goto('/pricing');
    await page.getByRole('radio', { name: 'Monthly' }).click();
    const card = (name: string) =>
      page.getByRole('listitem').filter({ has: page.getByRole('heading', { name }) });
    await card('Premium').getByRole('link', { name: 'Choose Premium' }).click();
    await page.waitForURL((url) => url.href.startsWith(stripe.url), { timeout: 20_000 });
    await page.getByRole('button', { name: 'Subscribe' }).click();
    await page.getByRole('heading', { name: 'You are all set' }).waitFor({ timeout: 20_000 });

    // Family costs more: the difference for the rest of the month is charged now.
    await page.goto('/pricing');
    await page.getByRole('radio', { name: 'Monthly' }).click();
    await card('Family')
      .getByRole('link', { name: /Family/ })
      .first()
      .click();
    await page.waitForURL((url) => url.pathname.startsWith('/change-plan/'));
    const due = page.getByTestId('amount-due');
    await due.waitFor();
    const shown = (await due.textContent())!;
    // In dollars, as the plan was bought: an English visitor pays in their market's currency.
    expect(shown).toMatch(/^\$\d+\.\d{2}$/);
    expect(await page.getByText('Charged today').count()).toBe(1);
    await saveScreenshot(page, 'change-plan-amount');
    await page.getByRole('button', { name: 'Confirm' }).click();
    await page.waitForURL((url) => url.pathname === '/billing');
    const invoices = page.getByRole('region', { name: 'Invoices' });
    await expect.poll(() => invoices.locator('tbody tr').count()).toBe(2);
    expect(await invoices.locator('tbody tr').first().textContent()).toContain(shown);
    await context.close();
  });

  it('shows a menu item built in the appearance editor to subscribers only', async () => {
    const adminContext = await newContext();
    await logIn(adminContext.request, ADMIN_EMAIL, ADMIN_PASSWORD);
    const editor = await adminContext.newPage();
    try {
      await editor.goto('/admin/appearance/menus');
      await editor.getByRole('button', { name: 'New menu' }).click();
      await editor.getByLabel('Name').fill('Members');
      await editor.getByRole('checkbox', { name: 'Navigation bar' }).click();
      await editor.getByRole('button', { name: 'Add item' }).click();
      const dialog = editor.getByRole('dialog', { name: 'Add menu item' });
      await dialog.getByLabel(/^Label\*?$/).fill('Members lounge');
      await dialog.getByLabel(/^Path\*?$/).fill('/discover');
      await dialog.getByRole('combobox', { name: 'Shown to' }).click();
      await editor.getByRole('option', { name: 'Subscribers only' }).click();
      await dialog.getByRole('button', { name: 'Add', exact: true }).click();
      await editor.getByText('/discover').waitFor();
      await saveScreenshot(editor, 'admin-appearance-menu');
      await editor.getByRole('button', { name: 'Save' }).click();
      await editor.getByText('Appearance saved').waitFor();

      // A listener without a plan does not see it.
      const plain = await (await newContext()).newPage();
      await plain.goto('/register');
      await register(plain, account());
      await plain.getByRole('button', { name: 'Create account' }).click();
      await plain.waitForURL((url) => url.pathname === '/discover');
      await plain.goto('/pricing');
      await plain.getByRole('button', { name: /^Account menu of/ }).waitFor();
      expect(await plain.getByRole('link', { name: 'Members lounge' }).count()).toBe(0);

      // A subscriber (a free year from a voucher) sees it in the navigation bar.
      const code = `MEMBERS${Date.now()}`;
      const products = (
        await (await sendWithXsrf(admin, '/api/v1/admin/products', undefined, 'GET')).json()
      ).pagination.data as {
        name: string;
        id: number;
        prices: { id: number; interval: string }[];
      }[];
      const premium = products.find((product) => product.name === 'Premium')!;
      await sendWithXsrf(admin, '/api/v1/admin/vouchers', {
        code,
        discount_percentage: 100,
        product_id: premium.id,
        price_id: premium.prices.find((price) => price.interval === 'year')!.id,
      });
      const member = await (await newContext()).newPage();
      await member.goto('/register');
      await register(member, account());
      await member.getByLabel('Voucher code').fill(code);
      await member.getByLabel('Voucher code').press('Enter');
      await member.getByText(/Premium free for one year/).waitFor();
      await member.getByRole('button', { name: 'Create account' }).click();
      await member.waitForURL((url) => url.pathname === '/checkout/voucher/success');
      await member.goto('/pricing');
      await member.getByRole('link', { name: 'Members lounge' }).click();
      await member.waitForURL((url) => url.pathname === '/discover');
    } finally {
      await sendWithXsrf(admin, '/api/v1/settings', { menus: [] });
      await adminContext.close();
    }
  });

  it('a Family owner saves two e-mails, and a member who registers afterwards has the plan', async () => {
    const owner = account();
    const context = await newContext();
    const page = await context.newPage();
    await page.goto('/register');
    await register(page, owner);
    await page.getByRole('button', { name: 'Create account' }).click();
    await page.waitForURL((url) => url.pathname === '/discover');

    // Family, monthly, through the pricing page.
    await page.goto('/pricing');
    await page.getByRole('radio', { name: 'Monthly' }).click();
    const family = page
      .getByRole('listitem')
      .filter({ has: page.getByRole('heading', { name: 'Family' }) });
    await family.getByRole('link', { name: 'Choose Family' }).click();
    await page.waitForURL((url) => url.href.startsWith(stripe.url), { timeout: 20_000 });
    await page.getByRole('button', { name: 'Subscribe' }).click();
    await page.getByRole('heading', { name: 'You are all set' }).waitFor({ timeout: 20_000 });

    const member = account();
    await page.goto('/account-settings');
    const panel = page.getByRole('form', { name: 'Family members' });
    await panel.getByRole('textbox', { name: 'Member 1' }).fill(member.email);
    await panel.getByRole('textbox', { name: 'Member 2' }).fill(account().email);
    await panel.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Registros salvos com sucesso!').waitFor();
    // A filled slot is locked until Edit is pressed.
    expect(
      await panel.getByRole('textbox', { name: 'Member 1' }).getAttribute('readonly'),
    ).not.toBeNull();
    await panel.getByRole('button', { name: 'Edit Member 1' }).waitFor();
    await saveScreenshot(panel, 'family-panel');
    await context.close();

    const memberContext = await newContext();
    const memberPage = await memberContext.newPage();
    await memberPage.goto('/register');
    await register(memberPage, member);
    await memberPage.getByRole('button', { name: 'Create account' }).click();
    await memberPage.waitForURL((url) => url.pathname === '/discover');
    await openApp(memberPage, '/discover');
    await memberPage
      .getByRole('button', { name: 'Play', exact: true })
      .first()
      .waitFor({ timeout: 20_000 });
    expect(await adFrames(memberPage).count()).toBe(0);
    await memberPage.goto('/account-settings');
    await memberPage.getByText(/You are on Family, shared with you by/).waitFor();
    await memberContext.close();
  });

  it('shows monthly and yearly prices on desktop and phone, in both themes', async () => {
    for (const theme of ['dark', 'light'] as const) {
      for (const device of [DESKTOP, MOBILE]) {
        const context = await newContext(device, theme);
        const page = await context.newPage();
        await page.goto('/pricing');
        const premium = page
          .getByRole('listitem')
          .filter({ has: page.getByRole('heading', { name: 'Premium' }) });
        await expect.poll(() => premium.textContent()).toMatch(/\$109\.90\s*per year/);
        expect(await premium.textContent()).toContain('Save 17%');
        // Nothing sticks out sideways on a phone.
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
          device.viewport.width,
        );
        const suffix = `${device === MOBILE ? '-mobile' : ''}-${theme}`;
        await saveScreenshot(page, `pricing-yearly${suffix}`);
        await page.getByRole('radio', { name: 'Monthly' }).click();
        await expect.poll(() => premium.textContent()).toMatch(/\$10\.99\s*per month/);
        await saveScreenshot(page, `pricing-monthly${suffix}`);
        await context.close();
      }
    }
  });
});
