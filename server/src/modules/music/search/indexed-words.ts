import type { Executor } from '../catalogue/catalogue.repo.js';
import * as repo from './search.repo.js';
import type { SearchedTable } from './search.repo.js';
import type { IndexedWord } from './typos.js';

/** The words of one table's word index that start with a given letter, sorted. */
export type WordsStartingWith = (first: string) => Promise<IndexedWord[]>;

/**
 * SQLite: the words of each table's word index, read a first letter at a time when a typo needs
 * them, and kept until that index next changes. Every search that corrects a typo first reads
 * the index's state, so a correction always sees the words the index holds now.
 */
export function createIndexedWords(db: Executor) {
  const known = new Map<
    SearchedTable,
    { state: string; byFirst: Map<string, Promise<IndexedWord[]>> }
  >();

  return async function wordsOf(table: SearchedTable): Promise<WordsStartingWith> {
    const state = await repo.sqliteWordIndexState(db, table);
    let current = known.get(table);
    if (current?.state !== state) {
      current = { state, byFirst: new Map() };
      known.set(table, current);
    }
    const { byFirst } = current;
    return (first) => {
      let words = byFirst.get(first);
      if (!words) {
        const next = String.fromCodePoint(first.codePointAt(0)! + 1);
        words = repo.sqliteWordsBetween(db, table, first, next).then(
          // Sorted as JavaScript compares strings, for the binary search of holdsPrefix.
          (found) => found.sort((a, b) => (a.term < b.term ? -1 : a.term > b.term ? 1 : 0)),
          (error: unknown) => {
            byFirst.delete(first);
            throw error;
          },
        );
        byFirst.set(first, words);
      }
      return words;
    };
  };
}
