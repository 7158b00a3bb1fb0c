import { LIBRARY_PERMISSIONS } from '@cadenza/contracts/library';
import { assertHolds, type Actor } from '../music/actor.js';

/** Imports, scans and watched folders are for those who may import (admins), whichever API asks. */
export function assertMayImport(actor: Actor): void {
  assertHolds(actor, LIBRARY_PERMISSIONS.import, 'Only admins import music and scan the library.');
}
