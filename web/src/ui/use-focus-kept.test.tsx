import { act, render, screen } from '@testing-library/react';
import { useEffect, useRef, useState } from 'react';
import { describe, expect, it } from 'vitest';
import { useFocusKept } from './use-focus-kept';

/** A control that is a plain slider or a drawn one; the drawn one's handle may come late. */
function Control({ drawn, late = false }: { drawn: boolean; late?: boolean }) {
  const box = useRef<HTMLDivElement>(null);
  useFocusKept(box, drawn ? 'drawn' : 'plain', '[role="slider"]');
  const [ready, setReady] = useState(!late);
  useEffect(() => {
    if (!late) return;
    const timer = setTimeout(() => setReady(true), 20);
    return () => clearTimeout(timer);
  }, [late, drawn]);
  return (
    <>
      <div ref={box}>
        {drawn ? (
          ready && <div role="slider" aria-label="Drawn" aria-valuenow={1} tabIndex={0} />
        ) : (
          <div role="slider" aria-label="Plain" aria-valuenow={1} tabIndex={0} />
        )}
      </div>
      <button type="button">Elsewhere</button>
    </>
  );
}

describe('useFocusKept', () => {
  it('moves the focus to the control drawn anew when the one before had it', () => {
    const { rerender } = render(<Control drawn={false} />);
    screen.getByRole('slider', { name: 'Plain' }).focus();
    rerender(<Control drawn />);
    expect(document.activeElement).toBe(screen.getByRole('slider', { name: 'Drawn' }));
  });

  it('waits for a control that comes a moment later', async () => {
    const { rerender } = render(<Control drawn={false} late />);
    screen.getByRole('slider', { name: 'Plain' }).focus();
    rerender(<Control drawn late />);
    const drawn = await screen.findByRole('slider', { name: 'Drawn' });
    await act(() => Promise.resolve());
    expect(document.activeElement).toBe(drawn);
  });

  it('leaves the focus where it is when the control did not have it', () => {
    const { rerender } = render(<Control drawn={false} />);
    screen.getByRole('button', { name: 'Elsewhere' }).focus();
    rerender(<Control drawn />);
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Elsewhere' }));
  });
});
