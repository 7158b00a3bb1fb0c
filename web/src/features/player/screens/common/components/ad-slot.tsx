import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSetting } from '../../../../../app/bootstrap';

export type AdSlotName =
  'general_top' | 'general_bottom' | 'artist_top' | 'artist_bottom' | 'album_above';

const DEFAULT_HEIGHT: Record<AdSlotName, number> = {
  general_top: 150,
  general_bottom: 150,
  artist_top: 150,
  artist_bottom: 250,
  album_above: 150,
};

// The ad reports its own height, so the frame fits what the admin pasted.
const RESIZE_SCRIPT = `<script>(function(){function send(){parent.postMessage({cadenzaAdHeight:document.documentElement.scrollHeight},'*')}addEventListener('load',send);if(window.ResizeObserver){new ResizeObserver(send).observe(document.documentElement)}})()</script>`;

/**
 * The admin's ad code for one slot (setting `ads.<slot>`). It runs in a sandboxed frame without
 * `allow-same-origin`, so the ad's scripts live in an opaque origin: they cannot read the app's
 * cookies, storage or DOM, nor call its API as the visitor.
 */
export function AdSlot({ slot, className }: { slot: AdSlotName; className?: string }) {
  const { t } = useTranslation();
  const html = useSetting(`ads.${slot}`);
  const frame = useRef<HTMLIFrameElement>(null);
  const [height, setHeight] = useState(DEFAULT_HEIGHT[slot]);

  useEffect(() => {
    const onMessage = (event: MessageEvent) => {
      if (!frame.current || event.source !== frame.current.contentWindow) return;
      const reported = (event.data as { cadenzaAdHeight?: unknown } | null)?.cadenzaAdHeight;
      if (typeof reported === 'number' && reported > 0) setHeight(Math.min(reported, 600));
    };
    window.addEventListener('message', onMessage);
    return () => window.removeEventListener('message', onMessage);
  }, []);

  if (typeof html !== 'string' || html.trim() === '') return null;
  const srcDoc = `<!doctype html><html><head><meta charset="utf-8"><base target="_blank"><style>html,body{margin:0;padding:0;background:transparent;overflow:hidden}</style></head><body>${html}${RESIZE_SCRIPT}</body></html>`;

  return (
    <aside aria-label={t('Advertisement')} className={className ?? 'my-6 flex justify-center'}>
      <iframe
        ref={frame}
        title={t('Advertisement')}
        sandbox="allow-scripts allow-popups"
        srcDoc={srcDoc}
        data-ad-slot={slot}
        loading="lazy"
        className="block w-full max-w-[1000px] border-0"
        style={{ height }}
      />
    </aside>
  );
}
