import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { Button, IconButton } from './button';

describe('Button', () => {
  it('is a non-submitting button by default and calls onClick', async () => {
    const onClick = vi.fn();
    render(<Button onClick={onClick}>Save</Button>);
    const button = screen.getByRole('button', { name: 'Save' });
    expect(button.getAttribute('type')).toBe('button');
    await userEvent.click(button);
    expect(onClick).toHaveBeenCalledOnce();
  });

  it('shows a spinner and ignores clicks while loading, keeping its name', async () => {
    const onClick = vi.fn();
    render(
      <Button isLoading onClick={onClick}>
        Save
      </Button>,
    );
    const button = screen.getByRole('button', { name: 'Save' }) as HTMLButtonElement;
    expect(button.disabled).toBe(true);
    expect(button.getAttribute('aria-busy')).toBe('true');
    expect(button.querySelector('[role="progressbar"]')).not.toBeNull();
    await userEvent.click(button);
    expect(onClick).not.toHaveBeenCalled();
  });

  it('renders a link when given an href', () => {
    render(<Button href="/pricing">Pricing</Button>);
    expect(screen.getByRole('link', { name: 'Pricing' }).getAttribute('href')).toBe('/pricing');
  });

  it('styles its child with asChild', () => {
    render(
      <Button asChild variant="outline" size="lg" startIcon={<svg data-testid="icon" />}>
        <a href="/login">Log in</a>
      </Button>,
    );
    const link = screen.getByRole('link', { name: 'Log in' });
    expect(link.className).toContain('h-12.5');
    expect(link.querySelector('[data-testid="icon"]')).not.toBeNull();
  });

  it('marks a disabled link and blocks navigation', async () => {
    const onClick = vi.fn();
    render(
      <Button href="/x" disabled onClick={onClick}>
        Go
      </Button>,
    );
    const link = screen.getByRole('link', { name: 'Go' });
    expect(link.getAttribute('aria-disabled')).toBe('true');
    link.click();
    expect(onClick).not.toHaveBeenCalled();
  });

  it("lets the caller's classes replace its own position and display", () => {
    render(<Button className="absolute hidden">Play</Button>);
    const classes = screen.getByRole('button').className.split(' ');
    expect(classes).toEqual(expect.arrayContaining(['absolute', 'hidden']));
    expect(classes).not.toContain('relative');
    expect(classes).not.toContain('inline-flex');
  });

  it.each([
    ['2xs', 'h-6'],
    ['xs', 'h-7.5'],
    ['sm', 'h-9'],
    ['md', 'h-10.5'],
    ['lg', 'h-12.5'],
    ['xl', 'h-15'],
  ] as const)('size %s has height class %s', (size, height) => {
    render(<Button size={size}>Play</Button>);
    expect(screen.getByRole('button').className).toContain(height);
  });
});

describe('IconButton', () => {
  it('takes its accessible name from the label', () => {
    render(
      <IconButton label="Play" radius="full">
        <svg />
      </IconButton>,
    );
    expect(screen.getByRole('button', { name: 'Play' }).className).toContain('rounded-full');
  });
});
