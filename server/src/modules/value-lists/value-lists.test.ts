import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { TestClient } from '../../test/test-client.js';
import { timezonesAt, utcOffset } from './value-lists.service.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

describe('GET /api/v1/value-lists/{names}', () => {
  it('lists the languages the site offers', async () => {
    const response = await new TestClient(t.app).get('/api/v1/value-lists/localizations');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      localizations: [
        { language: 'en', name: 'English' },
        { language: 'pt-BR', name: 'Português (Brasil)' },
      ],
    });
  });

  it('answers several lists at once, timezones grouped by region', async () => {
    const response = await new TestClient(t.app).get(
      '/api/v1/value-lists/timezones,countries,localizations',
    );
    expect(response.statusCode).toBe(200);
    const { timezones, countries, localizations } = response.json();
    expect(localizations).toHaveLength(2);
    expect(Object.keys(timezones)).toEqual(expect.arrayContaining(['Europe', 'America', 'Asia']));
    const lisbon = timezones.Europe.find((z: { value: string }) => z.value === 'Europe/Lisbon');
    expect(lisbon.text).toMatch(/^\(UTC\+0[01]:00\) Lisbon$/);
    const saoPaulo = timezones.America.find(
      (z: { value: string }) => z.value === 'America/Sao_Paulo',
    );
    expect(saoPaulo.text).toBe('(UTC-03:00) Sao Paulo');
    expect(countries).toContainEqual({ code: 'BR', name: 'Brazil' });
    expect(countries).toContainEqual({ code: 'DE', name: 'Germany' });
    // Groupings and withdrawn codes are not countries.
    const codes = countries.map((c: { code: string }) => c.code);
    expect(codes).not.toContain('EU');
    expect(codes).not.toContain('UN');
    expect(codes).not.toContain('SU');
    expect(codes.length).toBeGreaterThan(240);
  });

  it("names countries in the reader's language", async () => {
    const guest = new TestClient(t.app);
    const byBrowser = await guest.get('/api/v1/value-lists/countries', {
      headers: { 'accept-language': 'pt-BR,pt;q=0.9' },
    });
    const countries = byBrowser.json().countries as { code: string; name: string }[];
    expect(countries).toContainEqual({ code: 'DE', name: 'Alemanha' });
    expect(countries).toContainEqual({ code: 'US', name: 'Estados Unidos' });
    // Sorted as Portuguese sorts: África do Sul among the A's, not after Z.
    const names = countries.map((c) => c.name);
    expect(names.indexOf('África do Sul')).toBeLessThan(names.indexOf('Brasil'));

    // A chosen language wins over the browser's.
    await guest.visit();
    await guest.post('/api/v1/users/me/locale', { locale: 'en' });
    const chosen = await guest.get('/api/v1/value-lists/countries', {
      headers: { 'accept-language': 'pt-BR' },
    });
    expect(chosen.json().countries).toContainEqual({ code: 'DE', name: 'Germany' });
  });

  it('refuses unknown list names', async () => {
    const client = new TestClient(t.app);
    expect((await client.get('/api/v1/value-lists/countries,passwords')).statusCode).toBe(422);
    expect((await client.get('/api/v1/value-lists/users')).statusCode).toBe(422);
  });
});

describe('timezones', () => {
  it('labels each zone with its offset at that moment, west to east', () => {
    const winter = new Date('2026-01-15T12:00:00Z');
    const summer = new Date('2026-07-15T12:00:00Z');
    expect(utcOffset('Europe/Lisbon', winter)).toBe('+00:00');
    expect(utcOffset('Europe/Lisbon', summer)).toBe('+01:00');
    expect(utcOffset('Asia/Kolkata', winter)).toBe('+05:30');
    expect(utcOffset('America/New_York', winter)).toBe('-05:00');

    const zones = timezonesAt(winter);
    expect(zones.Europe).toContainEqual({ value: 'Europe/Lisbon', text: '(UTC+00:00) Lisbon' });
    expect(zones.America).toContainEqual({
      value: 'America/New_York',
      text: '(UTC-05:00) New York',
    });
    const offsets = zones.America!.map((z) => z.text.slice(4, 10));
    const minutes = offsets.map(
      (o) => (o[0] === '-' ? -1 : 1) * (+o.slice(1, 3) * 60 + +o.slice(4)),
    );
    expect(minutes).toEqual([...minutes].sort((a, b) => a - b));
  });
});
