import './test-utils';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { Button } from './button';
import { Checkbox } from './checkbox';
import {
  Dialog,
  DialogBody,
  DialogClose,
  DialogFooter,
  DialogHeader,
  type DialogSize,
} from './dialog';

function Confirm({ onOpenChange }: { onOpenChange?: (open: boolean) => void }) {
  const [open, setOpen] = useState(false);
  const change = (next: boolean) => {
    setOpen(next);
    onOpenChange?.(next);
  };
  return (
    <>
      <Button onClick={() => change(true)}>Delete account</Button>
      <Dialog open={open} onOpenChange={change} size="sm">
        <DialogHeader description="This cannot be undone.">Delete account?</DialogHeader>
        <DialogBody>Your playlists will be removed.</DialogBody>
        <DialogFooter>
          <DialogClose>
            <Button variant="text">Cancel</Button>
          </DialogClose>
          <Button variant="danger">Delete</Button>
        </DialogFooter>
      </Dialog>
    </>
  );
}

describe('Dialog', () => {
  it('is named by its title and described by its description', async () => {
    render(<Confirm />);
    await userEvent.click(screen.getByRole('button', { name: 'Delete account' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete account?' });
    const describedBy = dialog.getAttribute('aria-describedby') ?? '';
    expect(document.getElementById(describedBy)?.textContent).toBe('This cannot be undone.');
    expect(dialog.className).toContain('max-w-[384px]');
  });

  it('closes with the close button and returns focus to the opener', async () => {
    const onOpenChange = vi.fn();
    render(<Confirm onOpenChange={onOpenChange} />);
    const opener = screen.getByRole('button', { name: 'Delete account' });
    await userEvent.click(opener);
    await userEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(onOpenChange).toHaveBeenLastCalledWith(false);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(opener);
  });

  it('closes with Escape and with a DialogClose button', async () => {
    render(<Confirm />);
    await userEvent.click(screen.getByRole('button', { name: 'Delete account' }));
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Delete account' }));
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('focuses the dialog itself when it has no field, and the first field otherwise', async () => {
    render(<Confirm />);
    await userEvent.click(screen.getByRole('button', { name: 'Delete account' }));
    expect(document.activeElement).toBe(screen.getByRole('dialog'));
  });

  it('focuses the first field and returns focus to its trigger when uncontrolled', async () => {
    render(
      <Dialog trigger={<Button>Rename</Button>}>
        <DialogHeader>Rename playlist</DialogHeader>
        <DialogBody>
          <form>
            <Checkbox label="Public" />
            <input aria-label="Name" />
          </form>
        </DialogBody>
      </Dialog>,
    );
    const trigger = screen.getByRole('button', { name: 'Rename' });
    await userEvent.click(trigger);
    expect(document.activeElement).toBe(screen.getByRole('textbox', { name: 'Name' }));
    await userEvent.keyboard('{Escape}');
    expect(document.activeElement).toBe(trigger);
  });

  it('keeps focus inside while open', async () => {
    render(<Confirm />);
    await userEvent.click(screen.getByRole('button', { name: 'Delete account' }));
    const dialog = screen.getByRole('dialog');
    for (let i = 0; i < 4; i++) {
      await userEvent.tab();
      expect(dialog.contains(document.activeElement)).toBe(true);
    }
  });

  it.each([
    ['2xs', 'max-w-[256px]'],
    ['xs', 'max-w-[320px]'],
    ['md', 'max-w-[440px]'],
    ['lg', 'max-w-[620px]'],
    ['xl', 'max-w-[780px]'],
    ['2xl', 'max-w-[850px]'],
    ['fullscreen', 'max-w-[1280px]'],
  ] as [DialogSize, string][])('size %s is %s wide', (size, width) => {
    render(
      <Dialog open size={size}>
        <DialogHeader>Title</DialogHeader>
      </Dialog>,
    );
    expect(screen.getByRole('dialog').className).toContain(width);
  });
});
