import './test-utils';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Menu, MenuItem } from './menu';
import { Tooltip, TooltipProvider } from './tooltip';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

const setup = () => userEvent.setup({ advanceTimers: vi.advanceTimersByTime });

function Fixture() {
  return (
    <TooltipProvider>
      <Tooltip label="Add to queue">
        <button type="button">Queue</button>
      </Tooltip>
      <Tooltip label="Like">
        <button type="button">Heart</button>
      </Tooltip>
    </TooltipProvider>
  );
}

describe('Tooltip', () => {
  it('opens after 1500 ms of hover', async () => {
    const user = setup();
    render(<Fixture />);
    await user.hover(screen.getByRole('button', { name: 'Queue' }));
    act(() => vi.advanceTimersByTime(1499));
    expect(screen.queryByRole('tooltip')).toBeNull();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.getByRole('tooltip').textContent).toBe('Add to queue');
  });

  it('hides 500 ms after the pointer leaves', async () => {
    const user = setup();
    render(<Fixture />);
    const trigger = screen.getByRole('button', { name: 'Queue' });
    await user.hover(trigger);
    act(() => vi.advanceTimersByTime(1500));
    // Leave the trigger, then keep moving away: the tooltip is hoverable, so radix only lets go
    // once the pointer is outside the path between trigger and tooltip.
    await user.pointer({ target: document.body, coords: { clientX: 400, clientY: 400 } });
    await user.pointer({ target: document.body, coords: { clientX: 420, clientY: 420 } });
    act(() => vi.advanceTimersByTime(499));
    expect(screen.queryByRole('tooltip')).not.toBeNull();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.queryByRole('tooltip')).toBeNull();
  });

  it('opens on keyboard focus, describes the trigger and closes at once on Escape', async () => {
    const user = setup();
    render(<Fixture />);
    await user.tab();
    const trigger = screen.getByRole('button', { name: 'Queue' });
    expect(document.activeElement).toBe(trigger);
    const tooltip = screen.getByRole('tooltip');
    expect(trigger.getAttribute('aria-describedby')).toBe(tooltip.id);
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('tooltip')).toBeNull();
  });

  it('shows one tooltip at a time', async () => {
    const user = setup();
    render(<Fixture />);
    await user.tab();
    await user.tab();
    expect(screen.getAllByRole('tooltip').map((t) => t.textContent)).toEqual(['Like']);
  });

  it('works without a provider', async () => {
    const user = setup();
    render(
      <Tooltip label="Shuffle">
        <button type="button">Shuffle</button>
      </Tooltip>,
    );
    await user.tab();
    expect(screen.getByRole('tooltip').textContent).toBe('Shuffle');
  });
});

describe('Tooltip as a trigger', () => {
  it('passes trigger props through, so it can open a menu', async () => {
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    render(
      <TooltipProvider>
        <Menu
          trigger={
            <Tooltip label="More options">
              <button type="button">More</button>
            </Tooltip>
          }
        >
          <MenuItem>Share</MenuItem>
        </Menu>
      </TooltipProvider>,
    );
    const trigger = screen.getByRole('button', { name: 'More' });
    await user.click(trigger);
    expect(screen.getByRole('menuitem', { name: 'Share' })).toBeTruthy();
    expect(trigger.getAttribute('aria-expanded')).toBe('true');
  });

  it('renders the trigger alone when disabled', () => {
    render(
      <Tooltip label="Hidden" isDisabled>
        <button type="button">Plain</button>
      </Tooltip>,
    );
    expect(screen.getByRole('button', { name: 'Plain' }).hasAttribute('data-state')).toBe(false);
  });
});
