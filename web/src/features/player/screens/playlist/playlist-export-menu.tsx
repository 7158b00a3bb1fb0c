import type { Playlist, PlaylistFileFormat } from '@cadenza/contracts/music';
import { Download } from 'lucide-react';
import { useTranslation } from '../../../../i18n/use-translation';
import { Button } from '../../../../ui/button';
import { Menu, MenuItem, MenuLabel } from '../../../../ui/menu';
import { playlistExportUrl } from '../common/api/playlist-files-api';

const FORMAT_NAMES: Record<PlaylistFileFormat, string> = {
  m3u8: 'M3U8',
  xspf: 'XSPF',
  jspf: 'JSPF',
};
const FORMATS = Object.keys(FORMAT_NAMES) as PlaylistFileFormat[];

/** Downloads the playlist as a file other players open: for anyone who may see it. */
export function PlaylistExportMenu({ playlist }: { playlist: Playlist }) {
  const { t } = useTranslation();
  const download = (url: string) => {
    const link = document.createElement('a');
    link.href = url;
    link.download = '';
    link.click();
  };
  return (
    <Menu
      aria-label={t('Export playlist')}
      trigger={
        <Button
          variant="outline"
          size="sm"
          radius="full"
          startIcon={<Download className="size-4" aria-hidden />}
        >
          {t('Export')}
        </Button>
      }
    >
      <MenuLabel>{t('Download as')}</MenuLabel>
      {FORMATS.map((format) => (
        <MenuItem key={format} onSelect={() => download(playlistExportUrl(playlist.id, format))}>
          {FORMAT_NAMES[format]}
        </MenuItem>
      ))}
    </Menu>
  );
}
