import { describe, expect, it } from 'vitest';
import { plainText } from './browser-notifications';

describe('the text of a system notification', () => {
  it('keeps the words of a line and drops its markup', () => {
    expect(plainText('<b>Ana</b> invited you to <a href="/workspaces/3">Label</a>')).toBe(
      'Ana invited you to Label',
    );
  });

  it('leaves out what is not text, and runs nothing', () => {
    (window as { ran?: boolean }).ran = false;
    const text = plainText(
      'Hi<script>window.ran = true</script><style>b{}</style><img src=x onerror="window.ran = true">',
    );
    expect(text).toBe('Hi');
    expect((window as { ran?: boolean }).ran).toBe(false);
  });
});
