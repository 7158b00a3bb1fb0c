import type { ImportTrackInput, ImportTrackResult } from '@cadenza/contracts/music';

export type { ImportTrackInput, ImportTrackResult };

/**
 * What the library import needs from the music catalogue. The catalogue service implements it;
 * the import never writes catalogue tables itself.
 */
export interface CatalogueWriter {
  /**
   * Creates each track (or updates the one with the same audioPath) with its album and artists,
   * all of them or none.
   */
  importTracks(inputs: ImportTrackInput[]): Promise<ImportTrackResult[]>;
  removeTracksByPaths(paths: string[]): Promise<unknown>;
}
