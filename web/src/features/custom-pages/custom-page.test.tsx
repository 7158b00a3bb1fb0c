import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../api/query-client';
import { setBootstrapData } from '../../api/bootstrap';
import { makeBootstrap } from '../../app/testing/bootstrap-factory';
import { CustomPage } from './custom-page';

const fetchMock = vi.fn<typeof fetch>();

beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  setBootstrapData(makeBootstrap());
  document.title = 'Cadenza';
});
afterEach(() => {
  vi.unstubAllGlobals();
  fetchMock.mockReset();
});

function respond(status: number, body: unknown) {
  fetchMock.mockResolvedValue(
    new Response(JSON.stringify(body), {
      status,
      headers: { 'content-type': 'application/json' },
    }),
  );
}

function renderAt(path: string, element = <CustomPage />) {
  const router = createMemoryRouter(
    [
      { path: 'pages/:pageSlug', element },
      { path: 'pages/:pageId/:pageSlug', element },
      { path: '/', element },
    ],
    { initialEntries: [path] },
  );
  return render(
    <QueryClientProvider client={createQueryClient()}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

const page = {
  page: {
    id: 3,
    slug: 'privacy-policy',
    title: 'Privacy policy',
    body: '<h2>What we collect</h2><p onclick="steal()">Data <a href="javascript:alert(1)">bad</a> <a href="/contact">contact</a></p><img src="x" onerror="steal()"><script>window.hacked = true</script>',
    type: 'default',
    created_at: '2026-01-01T00:00:00.000Z',
    updated_at: '2026-03-05T12:00:00.000Z',
  },
  seo: { title: 'Privacy policy', description: 'How we use data' },
  set_seo: true,
};

it('renders the page by slug, sanitized again, with its title in the document title', async () => {
  respond(200, page);
  const { container } = renderAt('/pages/privacy-policy');
  expect(container.querySelector('[aria-busy="true"]')).not.toBeNull();

  expect(await screen.findByRole('heading', { level: 1, name: 'Privacy policy' })).toBeTruthy();
  expect(String(fetchMock.mock.calls[0]![0])).toBe('/api/v1/custom-pages/privacy-policy');
  expect(screen.getByRole('heading', { level: 2, name: 'What we collect' })).toBeTruthy();
  expect(screen.getByText('Updated on March 5, 2026')).toBeTruthy();
  const html = container.innerHTML;
  expect(html).not.toMatch(/onclick|onerror|javascript:|<script/);
  expect(screen.getByRole('link', { name: 'contact' }).getAttribute('rel')).toBe(
    'noopener noreferrer',
  );
  expect(document.title).toBe('Privacy policy - Cadenza');
});

it('asks for the page by id on /pages/{id}/{slug}, or by the slug it is given', async () => {
  respond(200, page);
  renderAt('/pages/3/privacy-policy');
  await screen.findByRole('heading', { level: 1, name: 'Privacy policy' });
  expect(String(fetchMock.mock.calls[0]![0])).toBe('/api/v1/custom-pages/3');
});

it('shows a given slug, as the homepage does', async () => {
  respond(200, page);
  renderAt('/', <CustomPage slug="about-us" />);
  await screen.findByRole('heading', { level: 1, name: 'Privacy policy' });
  expect(String(fetchMock.mock.calls[0]![0])).toBe('/api/v1/custom-pages/about-us');
});

it('shows the not-found page for a page that does not exist', async () => {
  respond(404, { message: 'This page does not exist.' });
  renderAt('/pages/nothing');
  expect(
    await screen.findByRole('heading', {
      name: "Looks like you've found the doorway to the great nothing",
    }),
  ).toBeTruthy();
});
