import { describe, it } from 'vitest';
import { useBrowser } from './browser.js';

const { newContext } = useBrowser();

describe('a request the server never answers', () => {
  it('fails after 30 seconds and tells the user "timeout exceeded"', async () => {
    const context = await newContext();
    const page = await context.newPage();
    // The page's clock runs as usual until the test moves it on.
    await page.clock.install();
    await page.goto('/login');
    await page.getByRole('heading', { name: 'Login' }).waitFor();
    // The sign-in call hangs: no answer, no error.
    await page.route('**/auth/login', () => undefined);

    await page.getByLabel(/^Email\*?$/).fill('someone@example.com');
    await page.getByLabel(/^Password\*?$/).fill('a password');
    const sent = page.waitForRequest('**/auth/login');
    await page.getByRole('button', { name: 'Continue' }).click();
    await sent;
    await page.clock.fastForward(30_001);
    await page.locator('[data-toast-id]', { hasText: 'timeout exceeded' }).waitFor();
  });
});
