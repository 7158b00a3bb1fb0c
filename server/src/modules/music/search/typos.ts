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
 * Edits that turn `a` into `b`: a letter added, removed or changed, or two neighbours swapped
 * ("yesterdya"). Counting stops past `limit`, answering `limit + 1`.
 */
export function editDistance(a: string, b: string, limit: number): number {
  if (Math.abs(a.length - b.length) > limit) return limit + 1;
  let beforePrevious: number[] = [];
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    let best = i;
    for (let j = 1; j <= b.length; j++) {
      let cost = Math.min(
        previous[j]! + 1,
        current[j - 1]! + 1,
        previous[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1),
      );
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1])
        cost = Math.min(cost, beforePrevious[j - 2]! + 1);
      current[j] = cost;
      best = Math.min(best, cost);
    }
    if (best > limit) return limit + 1;
    beforePrevious = previous;
    previous = current;
  }
  return Math.min(previous[b.length]!, limit + 1);
}

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
 * The word of `words` nearest a mistyped `word`, within the typos its length allows: fewest
 * edits, then held by the most rows. A word the user is still typing may also be the start of a
 * longer word ("baetl" for "beatles").
 */
export function closestWord(
  words: IndexedWord[],
  word: string,
  typing: boolean,
): string | undefined {
  const limit = allowedTypos(word);
  let best: { term: string; distance: number; docs: number } | undefined;
  for (const { term, docs } of words) {
    if (term.length < word.length - limit || (!typing && term.length > word.length + limit))
      continue;
    let distance = editDistance(word, term, limit);
    if (typing && term.length > word.length)
      distance = Math.min(distance, editDistance(word, term.slice(0, word.length), limit));
    if (distance > limit) continue;
    if (!best || distance < best.distance || (distance === best.distance && docs > best.docs))
      best = { term, distance, docs };
  }
  return best?.term;
}
