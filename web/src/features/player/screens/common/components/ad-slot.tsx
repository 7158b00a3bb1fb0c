import { adFrameUrl, type AdSlotName } from '@cadenza/contracts/ads';
import { BILLING_PERMISSIONS } from '@cadenza/contracts/billing-permissions';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from '../../../../../i18n/use-translation';
import { usePermission } from '../../../../../app/access';
import { useSetting } from '../../../../../api/bootstrap';

export type { AdSlotName };

const DEFAULT_HEIGHT: Record<AdSlotName, number> = {
  general_top: 150,
  general_bottom: 150,
  artist_top: 150,
  artist_bottom: 250,
  album_above: 150,
};

/**
 * The admin's ad code for one slot (setting `ads.<slot>`). The server serves it as a page of its
 * own (`/ads/frame/<slot>`), shown here in a sandboxed frame without `allow-same-origin`, so the
 * ad's scripts live in an opaque origin: they cannot read the app's cookies, storage or DOM, nor
 * call its API as the visitor. The frame reports the ad's height, and grows to fit it.
 */
export function AdSlot({ slot, className }: { slot: AdSlotName; className?: string }) {
  const { t } = useTranslation();
  const html = useSetting(`ads.${slot}`);
  const disabled = useSetting('ads.disabled') ?? [];
  // Plans with `ads.hide` see none.
  const adFree = usePermission(BILLING_PERMISSIONS.hideAds);
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

  if (adFree || disabled.includes(slot) || typeof html !== 'string' || html.trim() === '') {
    return null;
  }

  return (
    <aside aria-label={t('Advertisement')} className={className ?? 'my-6 flex justify-center'}>
      <iframe
        ref={frame}
        title={t('Advertisement')}
        sandbox="allow-scripts allow-popups"
        src={adFrameUrl(slot, html)}
        data-ad-slot={slot}
        loading="lazy"
        className="block w-full max-w-[1000px] border-0"
        // The ad's page has no colour scheme of its own: a dark one around it would make the
        // browser paint the frame an opaque white box on the dark theme.
        style={{ height, colorScheme: 'normal' }}
      />
    </aside>
  );
}
