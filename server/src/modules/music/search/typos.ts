/** A word of a word index, and how many rows hold it. */
export interface IndexedWord {
  term: string;
  docs: number;
}

/** How many typos a word of this length may hold and still be recognised. */
export const allowedTypos = (word: string) => (word.length <= 4 ? 1 : word.length <= 8 ? 2 : 3);

/**
 * A word as the word index holds it: SQLite's unicode61 tokenizer (`remove_diacritics 2`) keeps
 * letters without their accents.
 */
export const foldWord = (word: string) => word.normalize('NFD').replace(/\p{M}+/gu, '');

/**
 * Measures words against one `word`, a row of edits per letter of the measured word. A row
 * depends only on the letters before it, so a word sharing its start with the word measured
 * before it (as sorted words do) reuses those rows, and a start already more than `limit` edits
 * away rules out every word that shares it. Edits are a letter added, removed or changed, or two
 * neighbours swapped ("yesterdya"); counting stops past `limit`, answering `limit + 1`.
 */
export function typoMeter(word: string, limit: number) {
  const width = word.length + 1;
  // A start longer than this is more than `limit` edits away whatever follows.
  const deepest = word.length + limit;
  const rows = Array.from({ length: deepest + 1 }, () => new Int32Array(width));
  for (let i = 0; i < width; i++) rows[0]![i] = i;
  let previous = '';
  // Rows 1 to `kept` hold the starts of `previous`; row `dead`, if any, is past the limit.
  let kept = 0;
  let dead = Infinity;

  /** Fills row `j` for `term`, answering the fewest edits in it. */
  function fill(term: string, j: number): number {
    const row = rows[j]!;
    const above = rows[j - 1]!;
    const twoAbove = rows[j - 2];
    const letter = term.charCodeAt(j - 1);
    const before = j > 1 ? term.charCodeAt(j - 2) : -1;
    row[0] = j;
    let fewest = j;
    for (let i = 1; i < width; i++) {
      const own = word.charCodeAt(i - 1);
      let cost = Math.min(above[i]! + 1, row[i - 1]! + 1, above[i - 1]! + (own === letter ? 0 : 1));
      if (twoAbove && i > 1 && own === before && word.charCodeAt(i - 2) === letter)
        cost = Math.min(cost, twoAbove[i - 2]! + 1);
      row[i] = cost;
      if (cost < fewest) fewest = cost;
    }
    return fewest;
  }

  /**
   * Edits from `word` to the whole of `term`, and to the start of `term` as long as `word` (for a
   * word the user is still typing).
   */
  return function measure(term: string): { whole: number; start: number } {
    const shared = Math.min(kept, term.length, previous.length);
    let common = 0;
    while (common < shared && term.charCodeAt(common) === previous.charCodeAt(common)) common++;
    let reached = common;
    // A start past the limit rules out the whole term, but not a shorter start of it.
    if (common < dead) {
      const depth = Math.min(term.length, deepest);
      dead = Infinity;
      while (reached < depth) {
        reached++;
        if (fill(term, reached) > limit) {
          dead = reached;
          break;
        }
      }
      previous = term;
      kept = reached;
    }
    const at = (j: number) =>
      j <= reached ? Math.min(rows[j]![word.length]!, limit + 1) : limit + 1;
    return { whole: at(term.length), start: at(word.length) };
  };
}

/** Edits that turn `a` into `b`, counted as `typoMeter` counts them. */
export const editDistance = (a: string, b: string, limit: number) => typoMeter(a, limit)(b).whole;

/** Whether a word of `words` (sorted) starts with `prefix`. */
export function holdsPrefix(words: IndexedWord[], prefix: string): boolean {
  let low = 0;
  let high = words.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (words[middle]!.term < prefix) low = middle + 1;
    else high = middle;
  }
  return words[low]?.term.startsWith(prefix) ?? false;
}

/**
 * The word of `words` (sorted) nearest a mistyped `word`, within the typos its length allows:
 * fewest edits, then held by the most rows. A word the user is still typing may also be the start
 * of a longer word ("baetl" for "beatles").
 */
export function closestWord(
  words: IndexedWord[],
  word: string,
  typing: boolean,
): string | undefined {
  const limit = allowedTypos(word);
  const measure = typoMeter(word, limit);
  let best: { term: string; distance: number; docs: number } | undefined;
  for (const { term, docs } of words) {
    const edits = measure(term);
    const distance =
      typing && term.length > word.length ? Math.min(edits.whole, edits.start) : edits.whole;
    if (distance > limit) continue;
    if (!best || distance < best.distance || (distance === best.distance && docs > best.docs))
      best = { term, distance, docs };
  }
  return best?.term;
}
