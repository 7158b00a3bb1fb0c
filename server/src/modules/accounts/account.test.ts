import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COMMON_PASSWORD_MESSAGE } from '../../infra/password-policy.js';
import { createUser, signedInUser, type UserOptions } from '../../test/factories.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { multipartFile } from '../../test/multipart.js';
import { TestClient } from '../../test/test-client.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const signedIn = (options: UserOptions = {}) => signedInUser(t.app, options);

async function uploadAvatar(client: TestClient, userId: number, data: Buffer, filename = 'me.png') {
  const form = multipartFile(data, { filename, type: 'image/png' });
  return client.request('POST', `/api/v1/users/${userId}/avatar`, form.body, {
    headers: form.headers,
  });
}

const png = () =>
  sharp({ create: { width: 400, height: 300, channels: 3, background: '#3366ff' } })
    .png()
    .toBuffer();

describe('GET /api/v1/users/{id}', () => {
  it('answers the account to its owner, by id or as me, and refuses anyone else', async () => {
    const { client, user } = await signedIn();
    const other = await signedIn();
    const byId = await client.get(`/api/v1/users/${user.id}`);
    expect(byId.statusCode).toBe(200);
    expect(byId.json().user.email).toBe(user.email);
    expect((await client.get('/api/v1/users/me')).json().user.id).toBe(user.id);
    expect((await other.client.get(`/api/v1/users/${user.id}`)).statusCode).toBe(403);
    expect((await new TestClient(t.app).get(`/api/v1/users/${user.id}`)).statusCode).toBe(401);
  });
});

describe('PUT /api/v1/users/me', () => {
  it('updates the name and the date, time and language choices', async () => {
    const { client } = await signedIn();
    const response = await client.request('PUT', '/api/v1/users/me', {
      first_name: 'Ana',
      last_name: 'Souza',
      language: 'pt-BR',
      timezone: 'America/Sao_Paulo',
      country: 'br',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().user).toMatchObject({
      first_name: 'Ana',
      last_name: 'Souza',
      display_name: 'Ana Souza',
      language: 'pt-BR',
      timezone: 'America/Sao_Paulo',
      country: 'BR',
    });
  });

  it('refuses unknown timezones and languages', async () => {
    const { client } = await signedIn();
    const response = await client.request('PUT', '/api/v1/users/me', {
      timezone: 'Mars/Olympus_Mons',
      language: '<script>',
    });
    expect(response.statusCode).toBe(422);
    expect(Object.keys(response.json().errors).sort()).toEqual(['language', 'timezone']);
  });

  it('does not take an avatar URL that was not uploaded here', async () => {
    const { client } = await signedIn();
    const response = await client.request('PUT', '/api/v1/users/me', {
      avatar: 'https://evil.example/tracker.png',
    });
    expect(response.statusCode).toBe(422);
  });
});

describe('PUT /api/v1/users/me/contact-info', () => {
  it('stores phone, CPF and address', async () => {
    const { client } = await signedIn();
    const response = await client.request('PUT', '/api/v1/users/me/contact-info', {
      phone: '(11) 98765-4321',
      cpf: '529.982.247-25',
      address_json: { street: 'Avenida Paulista', street_number: '1000', city: 'São Paulo' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().message).toBe('Contact information updated');
    const me = (await client.get('/api/v1/me')).json().user;
    expect(me.cpf).toBe('529.982.247-25');
    expect(me.address_json.city).toBe('São Paulo');
  });

  it('refuses an address with fields of its own, text too long or a place off the map', async () => {
    const { client } = await signedIn();
    const send = (address_json: unknown) =>
      client.request('PUT', '/api/v1/users/me/contact-info', { address_json });
    for (const address of [
      { city: 'São Paulo', script: '<script>alert(1)</script>' },
      { city: 'x'.repeat(101) },
      { street: { nested: ['anything'] } },
      { latitude: 91 },
      ['São Paulo'],
      'São Paulo',
    ]) {
      const refused = await send(address);
      expect(refused.statusCode, JSON.stringify(address)).toBe(422);
      expect(Object.keys(refused.json().errors)[0]).toMatch(/^address_json/);
    }
    const extra = await send({ city: 'Recife', note: 'kept?' });
    expect(extra.json().errors.address_json).toEqual([
      'An address has only street_number, street, neighborhood, city, state, country, postal_code, latitude and longitude.',
    ]);
    const me = (await client.get('/api/v1/me')).json().user;
    expect(me.address_json).toBeNull();
    const kept = await send({ city: '  Recife ', postal_code: '50030-230', latitude: -8.05 });
    expect(kept.statusCode, kept.body).toBe(200);
    expect((await client.get('/api/v1/me')).json().user.address_json).toEqual({
      city: 'Recife',
      postal_code: '50030-230',
      latitude: -8.05,
    });
  });

  it('refuses a CPF with wrong check digits and a malformed phone', async () => {
    const { client } = await signedIn();
    const response = await client.request('PUT', '/api/v1/users/me/contact-info', {
      phone: 'abc',
      cpf: '529.982.247-26',
    });
    expect(response.statusCode).toBe(422);
    expect(Object.keys(response.json().errors).sort()).toEqual(['cpf', 'phone']);
  });
});

describe('PUT /auth/user/password', () => {
  it('changes the password after checking the current one', async () => {
    const { user, client } = await signedIn();
    const other = new TestClient(t.app);
    await other.login(user.email, user.plainPassword);
    const wrong = await client.request('PUT', '/auth/user/password', {
      current_password: 'not-it-at-all',
      password: 'new-password-9',
      password_confirmation: 'new-password-9',
    });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().errors.current_password).toBeDefined();

    const common = await client.request('PUT', '/auth/user/password', {
      current_password: user.plainPassword,
      password: 'password',
      password_confirmation: 'password',
    });
    expect(common.statusCode).toBe(422);
    expect(common.json().errors.password).toBe(COMMON_PASSWORD_MESSAGE);

    const ok = await client.request('PUT', '/auth/user/password', {
      current_password: user.plainPassword,
      password: 'new-password-9',
      password_confirmation: 'new-password-9',
    });
    expect(ok.json()).toEqual({ message: 'Password changed' });
    expect((await other.get('/api/v1/me')).statusCode).toBe(401);
    await new TestClient(t.app).login(user.email, 'new-password-9');
  });
});

describe('avatars', () => {
  it('stores an uploaded image as a 256×256 WebP served under /storage/avatars', async () => {
    const { user, client } = await signedIn();
    // The name and declared type say text; the content is what counts.
    const response = await uploadAvatar(client, user.id, await png(), 'notes.txt');
    expect(response.statusCode).toBe(200);
    const url = response.json().user.avatar as string;
    expect(url).toMatch(/^\/storage\/avatars\/\d+\/[\w-]+\.webp$/);
    const served = await client.get(url);
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');
    const meta = await sharp(served.rawPayload).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['webp', 256, 256]);

    const removed = await client.request('DELETE', `/api/v1/users/${user.id}/avatar`);
    expect(removed.json().user.avatar).toBeNull();
    expect((await client.get(url)).statusCode).toBe(404);
  });

  it('refuses files that are not images, whatever their name', async () => {
    const { user, client } = await signedIn();
    const response = await uploadAvatar(
      client,
      user.id,
      Buffer.from('<svg onload=alert(1)>'),
      'x.png',
    );
    expect(response.statusCode).toBe(422);
    expect(response.json().errors.file).toBe('The file must be an image.');
  });

  it('refuses images over 2 MB', async () => {
    const { user, client } = await signedIn();
    const big = Buffer.concat([await png(), Buffer.alloc(2 * 1024 * 1024)]);
    const response = await uploadAvatar(client, user.id, big);
    expect(response.statusCode).toBe(422);
    expect(response.json().errors.file).toBe('The image may not be greater than 2 MB.');
  });

  it('asks for an image when nothing is sent', async () => {
    const { user, client } = await signedIn();
    const response = await client.post(`/api/v1/users/${user.id}/avatar`, {});
    expect(response.statusCode).toBe(422);
    expect(response.json().errors.file).toBe('Please select an image.');
  });

  it("refuses to change another user's avatar", async () => {
    const { client } = await signedIn();
    const other = await createUser(t.app);
    expect((await uploadAvatar(client, other.id, await png())).statusCode).toBe(403);
    expect((await client.request('DELETE', `/api/v1/users/${other.id}/avatar`)).statusCode).toBe(
      403,
    );
  });

  it('refuses URLs of private addresses', async () => {
    const { user, client } = await signedIn();
    for (const url of [
      'http://127.0.0.1/avatar.png',
      'http://10.0.0.5/avatar.png',
      'http://169.254.169.254/latest/meta-data',
      'http://[::1]/avatar.png',
      'http://localhost:3000/avatar.png',
    ]) {
      const response = await client.post(`/api/v1/users/${user.id}/avatar`, { url });
      expect(response.statusCode, url).toBe(422);
      expect(response.json().errors.url, url).toMatch(/cannot be used|could not be found/);
    }
  });
});

describe('GET /storage/…', () => {
  it('serves nothing outside the storage folder', async () => {
    const client = new TestClient(t.app);
    for (const url of [
      '/storage/avatars/..%2f..%2ftest.sqlite',
      '/storage/..%2ftest.sqlite',
      '/storage/avatars/%2e%2e/%2e%2e/test.sqlite',
    ]) {
      const response = await client.get(url);
      // Either no file, or the URL normalised away from /storage and answered by the app page.
      expect(response.headers['content-type'], url).not.toMatch(/octet-stream|image/);
      expect(response.body, url).not.toContain('SQLite format');
    }
  });
});

describe('DELETE /api/v1/users/{id}', () => {
  it('deletes the own account after a password confirmation, with its tokens and files', async () => {
    const { user, client } = await signedIn();
    const avatar = (await uploadAvatar(client, user.id, await png())).json().user.avatar as string;
    const token = (await client.post('/api/v1/access-tokens', { tokenName: 'cli' })).json()
      .plainTextToken as string;

    const unconfirmed = await client.request(
      'DELETE',
      `/api/v1/users/${user.id}?deleteCurrentUser=true`,
    );
    expect(unconfirmed.statusCode).toBe(423);

    await client.post('/auth/user/confirm-password', { password: user.plainPassword });
    const other = await createUser(t.app);
    expect(
      (await client.request('DELETE', `/api/v1/users/${other.id}?deleteCurrentUser=true`))
        .statusCode,
    ).toBe(403);

    const deleted = await client.request(
      'DELETE',
      `/api/v1/users/${user.id}?deleteCurrentUser=true`,
    );
    expect(deleted.json()).toEqual({ message: 'Account deleted' });
    expect(await t.app.services.users.findById(user.id)).toBeUndefined();
    expect((await client.get('/api/v1/me')).statusCode).toBe(401);
    const bearer = await new TestClient(t.app).get('/api/v1/me', {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(bearer.statusCode).toBe(401);
    expect((await client.get(avatar)).statusCode).toBe(404);
    expect(fs.existsSync(path.join(t.config.dataDir, 'storage', 'avatars', String(user.id)))).toBe(
      false,
    );
  });
});
