import { afterEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app.js';
import { TestClient } from '../test/test-client.js';

let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

async function appWithFailingRoute(debug: boolean) {
  t = await createTestApp({ APP_DEBUG: String(debug) });
  t.app.get('/api/v1/explode', async () => {
    throw new TypeError('The amplifier caught fire');
  });
  return new TestClient(t.app);
}

describe('server errors', () => {
  it('with APP_DEBUG=true a 5xx carries the exception and a trace with code snippets', async () => {
    const client = await appWithFailingRoute(true);
    const response = await client.get('/api/v1/explode');
    expect(response.statusCode).toBe(500);
    const body = response.json();
    expect(body).toMatchObject({
      message: 'The amplifier caught fire',
      exception: 'TypeError',
      ignitionTrace: true,
    });

    const ownFrame = body.trace.find((item: { path?: string }) =>
      item.path?.endsWith('server-errors.test.ts'),
    );
    // Named from the application's folder, not from the machine's root.
    expect(ownFrame.path).toBe('server/src/core/server-errors.test.ts');
    expect(ownFrame.lineNumber).toBeGreaterThan(0);
    expect(ownFrame.vendor).toBe(false);
    expect(ownFrame.codeSnippet[ownFrame.lineNumber]).toContain('The amplifier caught fire');

    const groups = body.trace.filter((item: { vendorGroup?: boolean }) => item.vendorGroup);
    expect(groups.length).toBe(body.totalVendorGroups);
    expect(groups.length).toBeGreaterThan(0);
    expect(groups[0].frames[0].vendor).toBe(true);
  });

  it('without APP_DEBUG a 5xx hides everything but a generic message', async () => {
    const client = await appWithFailingRoute(false);
    const response = await client.get('/api/v1/explode');
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({ message: 'Server Error' });
    expect(response.body).not.toContain('amplifier');
  });

  it('writes the failure to the error log', async () => {
    const client = await appWithFailingRoute(false);
    await client.get('/api/v1/explode');
    const { fileErrorLog } = await import('../infra/error-log.js');
    const path = await import('node:path');
    const fs = await import('node:fs');
    const file = fileErrorLog(path.join(t!.config.dataDir, 'logs')).latestFile();
    expect(fs.readFileSync(file!, 'utf8')).toContain('The amplifier caught fire');
  });
});
