import { render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { firstScreenLoaded } from './router';

/* The app renders only once its router has the first screen's code (see `firstScreenLoaded`). */

describe('the first screen', () => {
  it('is waited for until its code has loaded, so the first render is the screen itself', async () => {
    let deliverCode!: () => void;
    const router = createMemoryRouter([
      {
        path: '/',
        lazy: () =>
          new Promise((resolve) => {
            deliverCode = () => resolve({ Component: () => <h1>Discover</h1> });
          }),
        HydrateFallback: () => <p>Loading</p>,
      },
    ]);
    let loaded = false;
    const waiting = firstScreenLoaded(router).then(() => (loaded = true));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(loaded).toBe(false);

    deliverCode();
    await waiting;
    render(<RouterProvider router={router} />);
    expect(screen.getByRole('heading', { name: 'Discover' }).textContent).toBe('Discover');
    expect(screen.queryByText('Loading')).toBeNull();
  });

  it('is not waited for when its code is there already', async () => {
    const router = createMemoryRouter([{ path: '/', Component: () => null }]);
    await expect(firstScreenLoaded(router)).resolves.toBeUndefined();
  });
});
