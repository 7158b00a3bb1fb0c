import { afterEach, describe, expect, it } from 'vitest';
import { APPEARANCE_EDITOR_FLAG, isInAppearanceEditor } from './appearance-editor';

afterEach(() => document.querySelectorAll('iframe').forEach((frame) => frame.remove()));

describe('isInAppearanceEditor', () => {
  function framedWindow(withFlag: boolean) {
    const frame = document.createElement('iframe');
    if (withFlag) frame.setAttribute(`data-${APPEARANCE_EDITOR_FLAG}`, '');
    document.body.append(frame);
    return frame.contentWindow!;
  }

  it('is false for the top window', () => {
    expect(isInAppearanceEditor(window)).toBe(false);
  });

  it('is true inside a same-origin frame marked by the editor', () => {
    expect(isInAppearanceEditor(framedWindow(true))).toBe(true);
  });

  it('is false inside a same-origin frame the editor did not mark', () => {
    expect(isInAppearanceEditor(framedWindow(false))).toBe(false);
  });
});
