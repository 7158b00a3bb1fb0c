import type { SubsonicContext, SubsonicServices } from './context.js';
import type { Methods } from './method.js';
import { createNodes } from './nodes.js';
import { annotationMethods } from './annotation.js';
import { bookmarkMethods } from './bookmarks.js';
import { browsingMethods } from './browsing.js';
import { internetRadioMethods } from './internet-radio.js';
import { listMethods } from './lists.js';
import { mediaRetrievalMethods } from './media-retrieval.js';
import { playlistMethods } from './playlists.js';
import { scanningMethods } from './scanning.js';
import { searchingMethods } from './searching.js';
import { systemMethods } from './system.js';
import { userMethods } from './user.js';

/** The API's sections (as the OpenSubsonic documentation groups its methods), in its order. */
const SECTIONS: ((context: SubsonicContext) => Methods)[] = [
  systemMethods,
  browsingMethods,
  listMethods,
  searchingMethods,
  playlistMethods,
  mediaRetrievalMethods,
  annotationMethods,
  bookmarkMethods,
  internetRadioMethods,
  userMethods,
  scanningMethods,
];

/**
 * Every Subsonic method this server answers, by name, over the music services (the same rules
 * as the JSON API). A method answers the body of its envelope, or STREAMED once it sent a file.
 */
export function createSubsonicMethods(services: SubsonicServices): Methods {
  const context: SubsonicContext = {
    ...services,
    nodes: createNodes(services.music),
    nowPlaying: new Map(),
  };
  const methods: Methods = {};
  for (const section of SECTIONS) {
    for (const [name, method] of Object.entries(section(context))) {
      if (Object.hasOwn(methods, name)) throw new Error(`Subsonic method ${name} is listed twice.`);
      methods[name] = method;
    }
  }
  return methods;
}
