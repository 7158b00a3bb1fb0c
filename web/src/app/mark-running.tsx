import { useEffect } from 'react';

const now = (mark: () => void) => mark();

/**
 * Sets `data-app-running` on <html> once the first render is on screen (or, with `when`, once
 * `when` says so): a page the server drew looks the same before, but its buttons do nothing
 * until then (browser tests wait for it).
 */
export function MarkRunning({ when = now }: { when?: (mark: () => void) => void }) {
  useEffect(() => {
    when(() => {
      document.documentElement.dataset.appRunning = '';
    });
  }, [when]);
  return null;
}
