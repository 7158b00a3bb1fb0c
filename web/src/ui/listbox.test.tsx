import './test-utils';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Listbox, type ListboxItem } from './listbox';

const languages: ListboxItem[] = [
  { value: 'de', label: 'Deutsch' },
  { value: 'en', label: 'English' },
  { value: 'es', label: 'Español' },
  { value: 'fr', label: 'Français', disabled: true },
  { value: 'pt', label: 'Português' },
];

afterEach(() => vi.useRealTimers());

function activeOption() {
  const listbox = screen.getByRole('listbox');
  const id = listbox.getAttribute('aria-activedescendant');
  return id ? document.getElementById(id)?.textContent : undefined;
}

describe('Listbox', () => {
  it('is labelled, starts on the selected option and chooses with Enter', async () => {
    const onValueChange = vi.fn();
    render(
      <Listbox
        label="Language"
        items={languages}
        defaultValue="en"
        onValueChange={onValueChange}
      />,
    );
    const listbox = screen.getByRole('listbox', { name: 'Language' });
    await userEvent.tab();
    expect(document.activeElement).toBe(listbox);
    expect(activeOption()).toBe('English');
    await userEvent.keyboard('{ArrowDown}{Enter}');
    expect(onValueChange).toHaveBeenCalledWith('es');
    expect(screen.getByRole('option', { name: 'Español' }).getAttribute('aria-selected')).toBe(
      'true',
    );
  });

  it('skips disabled options and supports Home and End', async () => {
    render(<Listbox aria-label="Language" items={languages} />);
    await userEvent.tab();
    expect(activeOption()).toBe('Deutsch');
    await userEvent.keyboard('{End}');
    expect(activeOption()).toBe('Português');
    await userEvent.keyboard('{ArrowUp}');
    expect(activeOption()).toBe('Español');
    await userEvent.keyboard('{Home}');
    expect(activeOption()).toBe('Deutsch');
  });

  it('jumps by type-ahead and starts a new search after 500 ms', async () => {
    vi.useFakeTimers();
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    render(<Listbox aria-label="Language" items={languages} />);
    await user.tab();
    await user.keyboard('es');
    expect(activeOption()).toBe('Español');
    act(() => vi.advanceTimersByTime(500));
    await user.keyboard('p');
    expect(activeOption()).toBe('Português');
  });

  it('chooses an option by click', async () => {
    const onValueChange = vi.fn();
    render(<Listbox aria-label="Language" items={languages} onValueChange={onValueChange} />);
    await userEvent.click(screen.getByRole('option', { name: 'Português' }));
    expect(onValueChange).toHaveBeenCalledWith('pt');
    await userEvent.click(screen.getByRole('option', { name: 'Français' }));
    expect(onValueChange).toHaveBeenCalledTimes(1);
  });
});
