// The ad reports its own height, so the frame in the app fits what the admin pasted. The body's,
// not the page's: a page is never shorter than its frame, so the frame could grow but not shrink.
const RESIZE_SCRIPT = `<script>(function(){function send(){parent.postMessage({cadenzaAdHeight:Math.ceil(document.body.getBoundingClientRect().height)},'*')}addEventListener('load',send);if(window.ResizeObserver){new ResizeObserver(send).observe(document.body)}})()</script>`;

/** The admin's ad code as a page; links open outside the frame. */
export function adFramePage(adHtml: string): string {
  return `<!doctype html><html><head><meta charset="utf-8"><base target="_blank"><style>html,body{margin:0;padding:0;background:transparent;overflow:hidden}body{display:flow-root}</style></head><body>${adHtml}${RESIZE_SCRIPT}</body></html>`;
}
