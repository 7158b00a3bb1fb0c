import './test-utils';
import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { setViewportWidth } from './test-utils';
import { useIsMobile, useMediaQuery } from './use-media-query';

afterEach(() => setViewportWidth(1280));

describe('useIsMobile', () => {
  it('treats 768 px and narrower as mobile', () => {
    setViewportWidth(768);
    expect(renderHook(() => useIsMobile()).result.current).toBe(true);
    setViewportWidth(769);
    expect(renderHook(() => useIsMobile()).result.current).toBe(false);
  });

  it('updates when the viewport changes', () => {
    const { result } = renderHook(() => useIsMobile());
    expect(result.current).toBe(false);
    act(() => setViewportWidth(390));
    expect(result.current).toBe(true);
  });
});

describe('useMediaQuery', () => {
  it('evaluates min-width queries', () => {
    setViewportWidth(1024);
    expect(renderHook(() => useMediaQuery('(min-width: 1000px)')).result.current).toBe(true);
  });
});
