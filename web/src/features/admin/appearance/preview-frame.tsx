import { Monitor, RotateCw, Smartphone } from 'lucide-react';
import { useCallback, useEffect, useRef, useState, type RefObject } from 'react';
import { useTranslation } from '../../../i18n/use-translation';
import { APPEARANCE_EDITOR_FLAG } from '../../appearance/appearance-editor';
import {
  isPreviewPath,
  isSiteMessage,
  PREVIEW_SOURCE,
  type EditorMessage,
} from '../../appearance/preview-protocol';
import { IconButton } from '../../../ui/button';
import { cn } from '../../../ui/cn';

export interface PreviewFrame {
  frame: RefObject<HTMLIFrameElement | null>;
  /** Where the preview is now, as the site reports it. */
  path: string;
  send: (message: EditorMessage) => void;
}

/**
 * The editor's side of the preview: sends messages to the framed site, and whenever the site
 * (re)loads and says it is ready, sends the whole unsaved state again (`stateMessages`).
 */
export function usePreviewFrame(stateMessages: () => EditorMessage[]): PreviewFrame {
  const frame = useRef<HTMLIFrameElement>(null);
  const [path, setPath] = useState('/');
  const latestState = useRef(stateMessages);
  useEffect(() => {
    latestState.current = stateMessages;
  });

  const send = useCallback((message: EditorMessage) => {
    frame.current?.contentWindow?.postMessage(
      { ...message, source: PREVIEW_SOURCE },
      window.location.origin,
    );
  }, []);

  useEffect(() => {
    const onMessage = (event: MessageEvent) => {
      if (event.origin !== window.location.origin) return;
      if (event.source !== frame.current?.contentWindow || !isSiteMessage(event.data)) return;
      setPath(event.data.path);
      if (event.data.type === 'ready') latestState.current().forEach(send);
    };
    window.addEventListener('message', onMessage);
    return () => window.removeEventListener('message', onMessage);
  }, [send]);

  return { frame, path, send };
}

/** The framed site with its address bar, reload and device width. */
export function PreviewPane({ frame, path, send }: PreviewFrame) {
  const { t } = useTranslation();
  const [device, setDevice] = useState<'desktop' | 'mobile'>('desktop');
  const [address, setAddress] = useState(path);
  const [shownPath, setShownPath] = useState(path);
  const [addressError, setAddressError] = useState(false);
  // The address follows the preview when the site navigates by itself.
  if (path !== shownPath) {
    setShownPath(path);
    setAddress(path);
  }

  return (
    <section aria-label={t('Preview')} className="flex min-h-0 min-w-0 flex-1 flex-col bg-bg-hover">
      <form
        className="flex items-center gap-2 border-b border-border bg-bg px-3 py-2"
        onSubmit={(event) => {
          event.preventDefault();
          const ok = isPreviewPath(address);
          setAddressError(!ok);
          if (ok) send({ type: 'navigate', path: address });
        }}
      >
        <label className="sr-only" htmlFor="preview-address">
          {t('Page to preview')}
        </label>
        <input
          id="preview-address"
          value={address}
          aria-invalid={addressError || undefined}
          aria-describedby={addressError ? 'preview-address-error' : undefined}
          onChange={(event) => setAddress(event.target.value)}
          className={cn(
            'h-9 min-w-0 flex-1 rounded-sm border bg-bg px-3 font-mono text-sm',
            addressError ? 'border-danger' : 'border-border',
          )}
        />
        <IconButton
          label={t('Reload preview')}
          size="sm"
          type="button"
          onClick={() => frame.current?.contentWindow?.location.reload()}
        >
          <RotateCw size={18} aria-hidden />
        </IconButton>
        <IconButton
          label={t('Desktop width')}
          size="sm"
          type="button"
          aria-pressed={device === 'desktop'}
          onClick={() => setDevice('desktop')}
        >
          <Monitor size={18} aria-hidden />
        </IconButton>
        <IconButton
          label={t('Mobile width')}
          size="sm"
          type="button"
          aria-pressed={device === 'mobile'}
          onClick={() => setDevice('mobile')}
        >
          <Smartphone size={18} aria-hidden />
        </IconButton>
      </form>
      {addressError && (
        <p id="preview-address-error" className="bg-bg px-3 pb-2 text-sm text-danger">
          {t('Enter a path of the site that starts with /, outside the admin area.')}
        </p>
      )}
      <div className="flex min-h-0 flex-1 justify-center overflow-auto p-2 sm:p-4">
        <iframe
          ref={frame}
          title={t('Site preview')}
          src={`/?${APPEARANCE_EDITOR_FLAG}`}
          {...{ [`data-${APPEARANCE_EDITOR_FLAG}`]: '' }}
          className={cn(
            'h-full min-h-[480px] rounded-lg border border-border bg-bg shadow-overlay',
            device === 'mobile' ? 'w-[390px] max-w-full' : 'w-full',
          )}
        />
      </div>
    </section>
  );
}
