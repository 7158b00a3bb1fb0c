import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { expect, it } from 'vitest';
import { NotFoundPage } from './not-found-page';

it('names the great nothing and leads back home', async () => {
  const router = createMemoryRouter(
    [
      { path: '/', element: <h1>Home</h1> },
      { path: '*', element: <NotFoundPage /> },
    ],
    { initialEntries: ['/nowhere'] },
  );
  render(<RouterProvider router={router} />);

  expect(
    screen.getByRole('heading', {
      name: "Looks like you've found the doorway to the great nothing",
    }),
  ).toBeTruthy();
  const link = screen.getByRole('link', { name: 'Take me there!' });
  expect(link.getAttribute('href')).toBe('/');

  await userEvent.click(link);
  expect(router.state.location.pathname).toBe('/');
  expect(screen.getByRole('heading', { name: 'Home' })).toBeTruthy();
});
