import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { setBootstrapData } from '../../../../../api/bootstrap';
import { makeBootstrap, makeUser } from '../../../../../app/testing/bootstrap-factory';
import { AdSlot } from './ad-slot';

const AD = '<div id="ad">Buy tickets</div><script>document.cookie</script>';

describe('AdSlot', () => {
  it('runs the ad code in a sandboxed frame that cannot reach the app', () => {
    setBootstrapData(makeBootstrap({ settings: { 'ads.artist_top': AD } }));
    render(<AdSlot slot="artist_top" />);

    const frame = screen.getByTitle('Advertisement');
    expect(frame.tagName).toBe('IFRAME');
    const sandbox = frame.getAttribute('sandbox') ?? '';
    expect(sandbox.split(/\s+/).sort()).toEqual(['allow-popups', 'allow-scripts']);
    expect(sandbox).not.toContain('allow-same-origin');
    // The ad is a page of its own (served with a sandboxing policy), never the app's document.
    expect(frame.getAttribute('src')).toMatch(/^\/ads\/frame\/artist_top\?v=\w+$/);
    expect(frame.hasAttribute('srcdoc')).toBe(false);
    expect(document.getElementById('ad')).toBeNull();
  });

  it('shows no ad to a listener whose plan hides ads', () => {
    setBootstrapData(
      makeBootstrap({
        settings: { 'ads.artist_top': AD },
        user: makeUser({ permissionNames: ['music.view', 'ads.hide'] }),
      }),
    );
    const { container } = render(<AdSlot slot="artist_top" />);
    expect(container.innerHTML).toBe('');
  });

  it('renders nothing for a slot the admin switched off, code kept', () => {
    setBootstrapData(
      makeBootstrap({ settings: { 'ads.artist_top': AD, 'ads.disabled': ['artist_top'] } }),
    );
    const { container } = render(<AdSlot slot="artist_top" />);
    expect(container.innerHTML).toBe('');
  });

  it('renders nothing when the slot has no ad', () => {
    setBootstrapData(makeBootstrap({ settings: { 'ads.artist_top': '  ' } }));
    const { container } = render(<AdSlot slot="artist_top" />);
    expect(container.innerHTML).toBe('');
    expect(screen.queryByTitle('Advertisement')).toBeNull();
  });

  it('shows each slot only its own ad', () => {
    setBootstrapData(makeBootstrap({ settings: { 'ads.general_top': '<b>top</b>' } }));
    render(
      <>
        <AdSlot slot="general_top" />
        <AdSlot slot="album_above" />
      </>,
    );
    const frames = screen.getAllByTitle('Advertisement');
    expect(frames).toHaveLength(1);
    expect(frames[0]!.getAttribute('data-ad-slot')).toBe('general_top');
  });
});
