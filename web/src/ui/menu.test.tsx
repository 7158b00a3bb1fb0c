import './test-utils';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Menu, MenuCheckboxItem, MenuItem, MenuLabel, MenuSeparator } from './menu';
import { setViewportWidth } from './test-utils';

afterEach(() => setViewportWidth(1280));

function TrackMenu({ onSelect = () => {} }: { onSelect?: (action: string) => void }) {
  return (
    <Menu trigger={<button type="button">More</button>}>
      <MenuLabel>Track</MenuLabel>
      <MenuItem onSelect={() => onSelect('queue')}>Add to queue</MenuItem>
      <MenuItem onSelect={() => onSelect('playlist')}>Add to playlist</MenuItem>
      <MenuCheckboxItem checked>Show lyrics</MenuCheckboxItem>
      <MenuSeparator />
      <MenuItem variant="danger" onSelect={() => onSelect('remove')}>
        Remove
      </MenuItem>
      <MenuItem asChild>
        <a href="/artist/1">Go to artist</a>
      </MenuItem>
    </Menu>
  );
}

describe('Menu', () => {
  it('opens by keyboard, moves with arrows and selects with Enter', async () => {
    const onSelect = vi.fn();
    render(<TrackMenu onSelect={onSelect} />);
    const trigger = screen.getByRole('button', { name: 'More' });
    trigger.focus();
    await userEvent.keyboard('{Enter}');
    expect(screen.getByRole('menu')).toBeTruthy();
    expect(document.activeElement?.textContent).toBe('Add to queue');
    await userEvent.keyboard('{ArrowDown}{Enter}');
    expect(onSelect).toHaveBeenCalledWith('playlist');
    expect(screen.queryByRole('menu')).toBeNull();
    expect(document.activeElement).toBe(trigger);
  });

  it('renders items, checkbox items and link items with their roles', async () => {
    render(<TrackMenu />);
    await userEvent.click(screen.getByRole('button', { name: 'More' }));
    expect(screen.getByRole('menuitemcheckbox', { name: 'Show lyrics' })).toBeTruthy();
    const link = screen.getByRole('menuitem', { name: 'Go to artist' });
    expect(link.tagName).toBe('A');
  });

  it('is a floating menu on desktop', async () => {
    render(<TrackMenu />);
    await userEvent.click(screen.getByRole('button', { name: 'More' }));
    expect(screen.getByRole('menu').hasAttribute('data-tray')).toBe(false);
  });

  it('becomes a bottom tray on mobile', async () => {
    setViewportWidth(390);
    render(<TrackMenu />);
    await userEvent.click(screen.getByRole('button', { name: 'More' }));
    const menu = screen.getByRole('menu');
    expect(menu.hasAttribute('data-tray')).toBe(true);
    expect(menu.className).toContain('rounded-t-lg');
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('menu')).toBeNull();
  });
});
