import type { EmbedKind } from '@cadenza/contracts/embed-code';
import { Code, Link2, Share2 } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from '../../../i18n/use-translation';
import { Button } from '../../../ui/button';
import { Menu, MenuItem } from '../../../ui/menu';
import { toast } from '../../../ui/toast/toast-store';
import { useCopyToClipboard } from '../../../ui/use-copy-to-clipboard';
import { EmbedDialog } from './embed-dialog';

export interface ShareMenuProps {
  /** What is shared; an artist is shared as a link only. */
  kind: EmbedKind | 'artist';
  id: number;
  name: string;
  /** The item's page in the player, e.g. `/album/12/artist/name`. */
  path: string;
  /** Whether other sites may show it: a private playlist is shared as a link only. */
  embeddable?: boolean;
}

/** "Share" in an item's header: copy its link, or get the code to show it on another site. */
export function ShareMenu({ kind, id, name, path, embeddable = true }: ShareMenuProps) {
  const { t } = useTranslation();
  const { copy } = useCopyToClipboard();
  const [embedding, setEmbedding] = useState(false);
  const copyLink = async () => {
    const copied = await copy(new URL(path, window.location.origin).href);
    if (copied) toast.positive(t('Link copied'));
    else toast.danger(t('The link could not be copied. Copy it from the address bar.'));
  };
  return (
    <>
      <Menu
        aria-label={t('Share')}
        trigger={
          <Button
            variant="outline"
            radius="full"
            startIcon={<Share2 className="size-4" aria-hidden />}
          >
            {t('Share')}
          </Button>
        }
      >
        <MenuItem onSelect={() => void copyLink()}>
          <Link2 className="size-4" aria-hidden />
          {t('Copy link')}
        </MenuItem>
        {kind !== 'artist' && embeddable && (
          <MenuItem onSelect={() => setEmbedding(true)}>
            <Code className="size-4" aria-hidden />
            {t('Embed')}
          </MenuItem>
        )}
      </Menu>
      {/* Made when opened: it names this site's address, which a page drawn on the server lacks. */}
      {kind !== 'artist' && embedding && (
        <EmbedDialog kind={kind} id={id} name={name} open onOpenChange={setEmbedding} />
      )}
    </>
  );
}
