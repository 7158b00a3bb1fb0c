/**
 * Whether `probe` held in the first drawing where `ready` does: read as React's commit changes
 * the page, before any later render can run. Start it before the screen renders.
 */
export function inFirstDrawing(ready: () => boolean, probe: () => boolean): Promise<boolean> {
  return new Promise((resolve) => {
    const observer = new MutationObserver(() => {
      if (!ready()) return;
      observer.disconnect();
      resolve(probe());
    });
    observer.observe(document.body, { childList: true, subtree: true });
  });
}
