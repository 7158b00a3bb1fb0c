import { useCallback, useEffect, useRef, useState } from 'react';

/** Product spec §9: the copy confirmation shows for 1 s. */
export const COPY_CONFIRMATION_MS = 1000;

async function writeText(text: string) {
  if (navigator.clipboard?.writeText) {
    await navigator.clipboard.writeText(text);
    return;
  }
  // The async clipboard only exists on secure origins; plain-http development needs the old way.
  const textarea = document.createElement('textarea');
  textarea.value = text;
  textarea.setAttribute('readonly', '');
  textarea.style.position = 'fixed';
  textarea.style.opacity = '0';
  document.body.append(textarea);
  textarea.select();
  const ok = document.execCommand('copy');
  textarea.remove();
  if (!ok) throw new Error('Copy command was rejected');
}

/** Copies text and reports `isCopied` for a short confirmation. */
export function useCopyToClipboard({ timeout = COPY_CONFIRMATION_MS }: { timeout?: number } = {}) {
  const [isCopied, setIsCopied] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  useEffect(() => () => clearTimeout(timer.current), []);

  const copy = useCallback(
    async (text: string) => {
      clearTimeout(timer.current);
      try {
        await writeText(text);
      } catch (copyError) {
        setError(copyError);
        setIsCopied(false);
        return false;
      }
      setError(null);
      setIsCopied(true);
      timer.current = setTimeout(() => setIsCopied(false), timeout);
      return true;
    },
    [timeout],
  );

  return { copy, isCopied, error };
}
