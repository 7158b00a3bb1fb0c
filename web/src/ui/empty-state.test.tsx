import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { EmptyState } from './empty-state';

describe('EmptyState', () => {
  it('shows the default message', () => {
    render(<EmptyState />);
    expect(screen.getByText('There are no items matching your query.')).toBeTruthy();
  });

  it('shows a custom message, description, image and action', () => {
    render(
      <EmptyState
        message="No playlists yet"
        description="Create one to collect your favourite tracks."
        image={<svg data-testid="image" />}
        action={<button type="button">New playlist</button>}
      />,
    );
    expect(screen.getByText('No playlists yet')).toBeTruthy();
    expect(screen.getByText('Create one to collect your favourite tracks.')).toBeTruthy();
    expect(screen.getByTestId('image')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'New playlist' })).toBeTruthy();
  });
});
