import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { RichText } from './rich-text';

describe('RichText', () => {
  it('shows the editor’s HTML with its emphasis and links, and nothing that runs', () => {
    const { container } = render(
      <RichText
        text={
          '<p>Songs from <strong>the coast</strong>.</p><script>alert(1)</script>' +
          '<p><img src="x" onerror="alert(2)"><a href="javascript:alert(3)">tap</a>' +
          '<a href="https://example.com" target="_blank" rel="noopener">site</a></p>'
        }
      />,
    );
    expect(container.querySelector('strong')?.textContent).toBe('the coast');
    expect(container.querySelector('script, img')).toBeNull();
    const links = [...container.querySelectorAll('a')].map((link) => link.getAttribute('href'));
    expect(links).toEqual([null, 'https://example.com']);
  });

  it('shows text from before the editor as typed, line breaks kept', () => {
    const { container } = render(<RichText text={'One & two\nthree <b>'} />);
    const paragraph = container.querySelector('p')!;
    expect(paragraph.textContent).toBe('One & two\nthree <b>');
    expect(paragraph.querySelector('b')).toBeNull();
  });
});
