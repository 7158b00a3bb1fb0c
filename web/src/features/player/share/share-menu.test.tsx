import '../../../ui/test-utils';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ShareMenu } from './share-menu';

function setup() {
  const user = userEvent.setup();
  const writeText = vi.fn().mockResolvedValue(undefined);
  Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
  return { user, writeText };
}

const flush = () => act(async () => {});
const origin = window.location.origin;

describe('ShareMenu', () => {
  it("copies the item's full address", async () => {
    const { user, writeText } = setup();
    render(<ShareMenu kind="track" id={7} name="Harbour Lights" path="/track/7/harbour-lights" />);
    await user.click(screen.getByRole('button', { name: 'Share' }));
    await user.click(screen.getByRole('menuitem', { name: 'Copy link' }));
    await flush();
    expect(writeText).toHaveBeenCalledWith(`${origin}/track/7/harbour-lights`);
  });

  it('shows the embed code beside a live preview, in the theme chosen, and copies it', async () => {
    const { user, writeText } = setup();
    render(<ShareMenu kind="album" id={12} name="Night Ferries" path="/album/12/a/b" />);
    await user.click(screen.getByRole('button', { name: 'Share' }));
    await user.click(screen.getByRole('menuitem', { name: 'Embed' }));
    const dialog = await screen.findByRole('dialog', { name: 'Embed “Night Ferries”' });
    const code = screen.getByLabelText<HTMLTextAreaElement>('Embed code');
    expect(code.value).toBe(
      `<iframe src="${origin}/embed/album/12" width="480" height="380" title="Night Ferries" style="border:0;border-radius:8px" allow="autoplay; encrypted-media" loading="lazy"></iframe>`,
    );
    const preview = dialog.querySelector('iframe');
    expect(preview?.getAttribute('src')).toBe(`${origin}/embed/album/12`);
    expect(preview?.getAttribute('title')).toBe('Preview of the embed');

    await user.click(screen.getByRole('radio', { name: 'Light' }));
    expect(code.value).toContain(`src="${origin}/embed/album/12?theme=light"`);
    expect(dialog.querySelector('iframe')?.getAttribute('src')).toBe(
      `${origin}/embed/album/12?theme=light`,
    );
    await user.click(screen.getByRole('button', { name: 'Copy code' }));
    await flush();
    expect(writeText).toHaveBeenCalledWith(code.value);
  });

  it('shares artists and private playlists as links only', async () => {
    const { user } = setup();
    const { unmount } = render(
      <ShareMenu kind="artist" id={3} name="Neon Harbor" path="/artist/3/neon-harbor" />,
    );
    await user.click(screen.getByRole('button', { name: 'Share' }));
    expect(screen.getByRole('menuitem', { name: 'Copy link' })).toBeTruthy();
    expect(screen.queryByRole('menuitem', { name: 'Embed' })).toBeNull();
    unmount();
    render(
      <ShareMenu kind="playlist" id={4} name="Diary" path="/playlist/4/diary" embeddable={false} />,
    );
    await user.click(screen.getByRole('button', { name: 'Share' }));
    expect(screen.queryByRole('menuitem', { name: 'Embed' })).toBeNull();
  });
});
