import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSmtpServer } from '../../server/src/test/smtp.js';
import { logIn, sendWithXsrf, startAppProcess, type AppProcess } from './app-process.js';
import { DESKTOP, launchBrowser, MOBILE, saveScreenshot } from './browser.js';

/*
 * Workspaces and live notifications, against an app of this file's own that mails through a
 * real SMTP server: an invitation travels by e-mail to someone without an account, and as a
 * live notification to someone signed in.
 */

const OWNER = { email: 'admin@example.com', password: 'workspaces-owner-password' };
const NEWCOMER = {
  email: 'billie.holiday@example.com',
  username: 'billie',
  password: 'strange-fruit-1939',
};

let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
let app: AppProcess;
let browser: Browser;

beforeAll(async () => {
  smtp = await startSmtpServer();
  app = await startAppProcess({
    MAIL_URL: smtp.url,
    ADMIN_EMAIL: OWNER.email,
    ADMIN_PASSWORD: OWNER.password,
    SEED_DEMO: 'false',
    LOG_LEVEL: 'fatal',
  });
  browser = await launchBrowser();
  const admin = (await browser.newContext({ baseURL: app.url })).request;
  await logIn(admin, OWNER.email, OWNER.password);
  await sendWithXsrf(admin, '/api/v1/settings', { 'notif.subs.integrated': true });
});

afterAll(async () => {
  await browser?.close();
  await app?.stop();
  await smtp?.close();
});

async function newContext(): Promise<BrowserContext> {
  const context = await browser.newContext({ ...DESKTOP, baseURL: app.url, colorScheme: 'dark' });
  await context.addInitScript(() => localStorage.setItem('be-active-theme', 'dark'));
  await context.addCookies([{ name: 'cookie_notice_accepted', value: '1', url: app.url }]);
  return context;
}

const labelled = (label: string) => new RegExp(`^${label}\\*?$`);

async function expectToast(page: Page, message: string) {
  await page.getByText(message, { exact: true }).first().waitFor();
}

/** The owner makes a workspace from the switcher and invites an address to it. */
async function createAndInvite(page: Page, name: string, email: string) {
  await page.goto('/workspaces');
  await page.getByRole('button', { name: 'New workspace' }).click();
  const create = page.getByRole('dialog', { name: 'New workspace' });
  await create.getByLabel(labelled('Name')).fill(name);
  await create.getByRole('button', { name: 'Create' }).click();
  await page.getByRole('heading', { name, level: 1 }).waitFor();
  await page.getByRole('button', { name: 'Invite people' }).click();
  const invite = page.getByRole('dialog', { name: 'Invite people' });
  await invite.getByLabel(labelled('Email addresses')).fill(email);
  await invite.getByRole('button', { name: 'Invite' }).click();
  await expectToast(page, 'Invitations sent. They may take a few minutes to arrive.');
  await page.getByRole('region', { name: 'Pending invitations' }).getByText(email).waitFor();
}

/** The link of a mail's text that starts with `prefix`. */
function linkIn(text: string | undefined, prefix: string): string {
  const found = text?.match(new RegExp(`${prefix.replace(/[/.?]/g, '\\$&')}\\S+`));
  if (!found) throw new Error(`no ${prefix} link in:\n${text}`);
  return found[0];
}

describe('workspace invitations', () => {
  it('reach a new person by e-mail and a member live, and are joined or declined', async () => {
    const ownerContext = await newContext();
    const owner = await ownerContext.newPage();
    await logIn(ownerContext.request, OWNER.email, OWNER.password);
    await createAndInvite(owner, 'Night Shift', NEWCOMER.email);
    await saveScreenshot(owner, 'workspace-desktop');

    // The invitation mail leads someone without an account to register with that address.
    const mail = await smtp.waitFor(NEWCOMER.email, /Night Shift/);
    const joinUrl = linkIn(mail.text, `${app.url}/workspace/join/register`);
    const context = await newContext();
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    await page.goto(joinUrl);
    const email = page.getByLabel(labelled('Email'));
    expect(await email.inputValue()).toBe(NEWCOMER.email);
    expect(await email.getAttribute('readonly')).not.toBeNull();
    await page.getByLabel(labelled('Username')).fill(NEWCOMER.username);
    await page.getByLabel(labelled('Password')).fill(NEWCOMER.password);
    await page.getByLabel(labelled('Confirm password')).fill(NEWCOMER.password);
    await page.getByRole('button', { name: 'Create account' }).click();
    await page.waitForURL((url) => url.pathname === '/discover');

    // Waiting for the new account, the invitation became a notification.
    await page.goto('/account-settings');
    await page.getByRole('button', { name: 'Notifications (1 unread)' }).waitFor();

    // A second invitation arrives while the page stays open: the bell counts it, no reload.
    await createAndInvite(owner, 'Day Shift', NEWCOMER.email);
    await page
      .getByRole('button', { name: 'Notifications (2 unread)' })
      .waitFor({ timeout: 5_000 });
    await page.getByRole('button', { name: 'Notifications (2 unread)' }).click();
    const popover = page.getByRole('dialog', { name: 'Notifications' });
    await popover.getByRole('listitem').filter({ hasText: 'Day Shift' }).waitFor();
    await saveScreenshot(popover, 'notifications-popover');
    await page.keyboard.press('Escape');

    // One is declined from the list...
    await page.goto('/notifications');
    const list = page.getByRole('region', { name: 'Notifications' });
    const dayShift = list.getByRole('listitem').filter({ hasText: 'Day Shift' });
    await dayShift.waitFor();
    await saveScreenshot(page, 'notifications-desktop');
    await dayShift.getByRole('button', { name: 'Decline', exact: true }).click();
    await expectToast(page, 'Declined workspace invitation');
    await dayShift.waitFor({ state: 'detached' });

    // ...the other joined from the bell, and becomes the active workspace.
    await page.getByRole('button', { name: 'Notifications (1 unread)' }).click();
    const nightShift = popover.getByRole('listitem').filter({ hasText: 'Night Shift' });
    await nightShift.getByRole('button', { name: 'Join', exact: true }).click();
    await expectToast(page, 'Joined workspace');
    await page.getByRole('button', { name: 'Workspace: Night Shift' }).waitFor();
    await page.getByRole('button', { name: 'Notifications' }).waitFor();

    await page.goto('/workspaces');
    const row = page
      .getByRole('list', { name: 'Your workspaces' })
      .getByRole('listitem')
      .filter({ hasText: 'Night Shift' });
    await row.getByText('Active').waitFor();
    await saveScreenshot(page, 'workspaces-desktop');

    // The owner's screen lists the newcomer as a member.
    await owner.goto('/workspaces');
    await owner.getByRole('link', { name: 'Manage Night Shift' }).click();
    await owner.getByText(NEWCOMER.email).waitFor();

    expect(errors).toEqual([]);
    await context.close();
    await ownerContext.close();
  });

  it('mails a member whose unsubscribe link works without signing in', async () => {
    // The Day Shift invitation reached the member by e-mail too, with the link at the bottom.
    const mail = await smtp.waitFor(NEWCOMER.email, /Day Shift/);
    const unsubscribeUrl = linkIn(mail.text, `${app.url}/notifications/unsubscribe/`);
    // Mail programs offer their own one-click unsubscribe from these headers (RFC 8058).
    const header = (key: string) => mail.headerLines.find((line) => line.key === key)?.line;
    expect(header('list-unsubscribe-post')).toBe(
      'List-Unsubscribe-Post: List-Unsubscribe=One-Click',
    );
    expect(header('list-unsubscribe')).toMatch(
      /^List-Unsubscribe:\s+<http:\/\/localhost:\d+\/api\/v1\/notifications\/unsubscribe\/[\w.-]+>$/,
    );

    const anonymous = await newContext();
    const page = await anonymous.newPage();
    await page.goto(unsubscribeUrl);
    await page.getByRole('heading', { name: 'You are unsubscribed' }).waitFor();
    await page
      .getByText('You will no longer receive e-mails about: Invitations to join a workspace.')
      .waitFor();
    await anonymous.close();

    const context = await newContext();
    await logIn(context.request, NEWCOMER.email, NEWCOMER.password);
    const settings = await context.newPage();
    await settings.goto('/notifications/settings');
    const email = settings.getByRole('checkbox', {
      name: 'Invitations to join a workspace: Email',
    });
    await email.waitFor();
    expect(await email.getAttribute('aria-checked')).toBe('false');
    expect(
      await settings
        .getByRole('checkbox', { name: 'Invitations to join a workspace: In the app' })
        .getAttribute('aria-checked'),
    ).toBe('true');
    await saveScreenshot(settings, 'notification-settings-desktop');
    await context.close();
  });

  it('share a playlist one member makes in the player with another who switches to it', async () => {
    // The newcomer joined Night Shift as a member above; the owner makes a playlist there.
    const ownerContext = await newContext();
    await logIn(ownerContext.request, OWNER.email, OWNER.password);
    const owner = await ownerContext.newPage();
    await owner.goto('/library/playlists');
    await switchWorkspace(owner, 'Default', 'Night Shift');
    await owner.getByRole('button', { name: 'Create playlist' }).click();
    const form = owner.getByRole('dialog', { name: 'Create playlist' });
    await form.getByLabel(labelled('Name')).fill('Late sets');
    await form.getByRole('button', { name: 'Create' }).click();
    await owner.getByRole('heading', { level: 1, name: 'Late sets' }).waitFor();

    const context = await newContext();
    await logIn(context.request, NEWCOMER.email, NEWCOMER.password);
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    await page.goto('/library/playlists');
    const content = page.locator('#player-content');
    await page.getByRole('heading', { level: 1, name: 'Your library' }).waitFor();
    await switchWorkspace(page, 'Default', 'Night Shift');
    await content.getByRole('link', { name: 'Late sets' }).first().click();
    await page.getByRole('heading', { level: 1, name: 'Late sets' }).waitFor();
    await saveScreenshot(page, 'workspace-playlist-desktop');

    // Back in their own space, the workspace's playlist is not among their own.
    await page.goto('/library/playlists');
    await switchWorkspace(page, 'Night Shift', 'Default');
    await page.getByText('Late sets').first().waitFor({ state: 'detached' });
    expect(errors).toEqual([]);
    await context.close();

    // On a phone the switcher is an icon named after the active workspace, in the player's top bar.
    const phoneContext = await browser.newContext({ ...MOBILE, baseURL: app.url });
    await logIn(phoneContext.request, NEWCOMER.email, NEWCOMER.password);
    const phone = await phoneContext.newPage();
    await phone.goto('/library/playlists');
    await phone.getByRole('heading', { level: 1, name: 'Your library' }).waitFor();
    await switchWorkspace(phone, 'Default', 'Night Shift');
    await phone
      .locator('#player-content')
      .getByRole('link', { name: 'Late sets' })
      .first()
      .waitFor();
    await saveScreenshot(phone, 'workspace-switcher-phone');
    await phoneContext.close();
    await ownerContext.close();
  });
});

/** Picks another workspace from the player's switcher, and waits until it is the active one. */
async function switchWorkspace(page: Page, from: string, to: string) {
  await page.getByRole('button', { name: `Workspace: ${from}` }).click();
  await page.getByRole('menuitemcheckbox', { name: to }).click();
  await page.getByRole('button', { name: `Workspace: ${to}` }).waitFor();
}
