/**
 * What a file's place in the library says when its tags say nothing: the layouts music
 * libraries are kept in (`Artist/Album/01 - Title.mp3`, `Artist - Album/01 Title.mp3`, disc
 * folders), read the way music servers and taggers read them. Tags always win over this.
 */
export interface PathGuess {
  title: string;
  artist: string | null;
  album: string | null;
  year: number | null;
  trackNumber: number | null;
  discNumber: number | null;
}

/** `CD1`, `CD 2`, `Disc 2`, `Disk-3`, `disc02`: a disc folder inside an album's. */
const DISC_FOLDER = /^(?:cd|dis[ck])\s*[-_.]?\s*(\d{1,2})$/i;
/** `1-03 Title` or `1.03 Title`: disc and track in the file name. */
const DISC_TRACK = /^(\d)[-.](\d{2,3})(?:\s*[-._]\s*|\s+)(.+)$/;
/** `01 - Title`, `01. Title`, `01 Title`, `01_Title`, `(01) Title`, `[01] Title`. */
const TRACK = /^[([]?(\d{1,3})[)\]]?(?:\s*-\s*|\s*\.\s*|\s*_\s*|\s+)(.+)$/;
/** A file named by its number alone: `01`, `Track 01`. */
const NUMBER_ONLY = /^(?:track\s*)?(\d{1,3})$/i;
/** `Album (2019)` or `Album [2019]`; `2019 - Album`. */
const YEAR_AFTER = /^(.+?)\s*[([]((?:19|20)\d{2})[)\]]$/;
const YEAR_BEFORE = /^((?:19|20)\d{2})\s*-\s*(.+)$/;

const SEPARATOR = ' - ';

/** Underscores stand for spaces in a name that has no spaces; runs of spaces count as one. */
function clean(name: string): string {
  const spaced = name.includes(' ') ? name : name.replace(/_/g, ' ');
  return spaced.replace(/\s+/g, ' ').trim();
}

const same = (a: string, b: string) => a.localeCompare(b, undefined, { sensitivity: 'base' }) === 0;

function splitYear(album: string): { album: string; year: number | null } {
  const after = YEAR_AFTER.exec(album);
  if (after) return { album: after[1]!.trim(), year: Number(after[2]) };
  const before = YEAR_BEFORE.exec(album);
  if (before) return { album: before[2]!.trim(), year: Number(before[1]) };
  return { album, year: null };
}

/**
 * Guesses a track's names from its path relative to the library folder (either separator).
 * Above the file, the nearest folder is the album and the one above it the artist; a disc
 * folder between them gives the disc. `Artist - Album` names both in one folder.
 */
export function guessFromPath(relativePath: string): PathGuess {
  const segments = relativePath.split(/[/\\]+/).filter((segment) => segment && segment !== '.');
  const fileName = segments.pop() ?? '';
  const dot = fileName.lastIndexOf('.');
  const base = clean(dot > 0 ? fileName.slice(0, dot) : fileName);
  const folders = segments.map(clean).filter(Boolean);

  let discNumber: number | null = null;
  const disc = DISC_FOLDER.exec(folders.at(-1) ?? '');
  if (disc) {
    discNumber = Number(disc[1]);
    folders.pop();
  }

  let artist: string | null = folders.length >= 2 ? folders.at(-2)! : null;
  let album: string | null = folders.at(-1) ?? null;
  if (album) {
    const split = album.indexOf(SEPARATOR);
    if (artist && split > 0 && same(album.slice(0, split), artist)) {
      // `Artist/Artist - Album`.
      album = album.slice(split + SEPARATOR.length).trim();
    } else if (!artist && split > 0 && !YEAR_BEFORE.test(album)) {
      // `Artist - Album` alone.
      artist = album.slice(0, split).trim();
      album = album.slice(split + SEPARATOR.length).trim();
    }
  }
  let year: number | null = null;
  if (album) ({ album, year } = splitYear(album));

  let trackNumber: number | null = null;
  let title = base;
  const discTrack = DISC_TRACK.exec(base);
  const track = TRACK.exec(base);
  const numberOnly = NUMBER_ONLY.exec(base);
  if (discTrack) {
    discNumber ??= Number(discTrack[1]);
    trackNumber = Number(discTrack[2]);
    title = discTrack[3]!.trim();
  } else if (track) {
    trackNumber = Number(track[1]);
    title = track[2]!.trim();
  } else if (numberOnly) {
    trackNumber = Number(numberOnly[1]);
  }

  // `01 - Artist - Title`: the artist again, or the artist of a file outside artist folders.
  const split = title.indexOf(SEPARATOR);
  if (split > 0) {
    const named = title.slice(0, split).trim();
    if (artist ? same(named, artist) : true) {
      artist = named;
      title = title.slice(split + SEPARATOR.length).trim();
    }
  }

  return {
    title: title || base,
    artist: artist || null,
    album: album || null,
    year,
    trackNumber: trackNumber && trackNumber > 0 ? trackNumber : null,
    discNumber: discNumber && discNumber > 0 ? discNumber : null,
  };
}
