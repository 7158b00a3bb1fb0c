/** The Subsonic API version this server speaks, and its OpenSubsonic identity. */
export const SUBSONIC_VERSION = '1.16.1';
export const SUBSONIC_NAMESPACE = 'http://subsonic.org/restapi';

/** Subsonic's error codes (answered with HTTP 200, as clients expect). */
export const SUBSONIC_ERRORS = {
  generic: 0,
  missingParameter: 10,
  wrongCredentials: 40,
  authNotSupported: 42,
  conflictingAuth: 43,
  invalidApiKey: 44,
  notAuthorized: 50,
  notFound: 70,
} as const;

export class SubsonicError extends Error {
  constructor(
    readonly code: number,
    message: string,
  ) {
    super(message);
  }
}

export const missing = (name: string) =>
  new SubsonicError(SUBSONIC_ERRORS.missingParameter, `Required parameter is missing: ${name}`);

/** A value of an answer: scalars become XML attributes, objects and lists child elements. */
export type SubsonicValue =
  | string
  | number
  | boolean
  | undefined
  | null
  | SubsonicNode
  | SubsonicNode[]
  | (string | number)[];
export interface SubsonicNode {
  [key: string]: SubsonicValue;
}

export type SubsonicFormat = 'xml' | 'json' | 'jsonp';

const escapeXml = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

/**
 * What the schema gives as child elements holding text in artist and album information, where
 * JSON has plain strings: every other scalar is an attribute. Elsewhere the same name may be an
 * attribute: OpenSubsonic's `musicBrainzId` on a song, album or artist.
 */
const INFO_ELEMENTS = new Set(['artistInfo', 'artistInfo2', 'albumInfo']);
const TEXT_ELEMENTS = new Set([
  'biography',
  'notes',
  'musicBrainzId',
  'lastFmUrl',
  'smallImageUrl',
  'mediumImageUrl',
  'largeImageUrl',
]);

const textElement = (name: string, value: string | number | boolean) =>
  `<${name}>${escapeXml(String(value))}</${name}>`;

/**
 * `value` is the text of an element (lyrics, a genre): the one key that is not an attribute. A
 * list of scalars (a user's folders) is one element each, its text the value.
 */
function element(name: string, node: SubsonicNode, namespace?: string): string {
  const attributes: string[] = namespace ? [`xmlns="${namespace}"`] : [];
  const children: string[] = [];
  let text = '';
  for (const [key, value] of Object.entries(node)) {
    if (value === undefined || value === null) continue;
    if (key === 'value' && typeof value !== 'object') text = escapeXml(String(value));
    else if (Array.isArray(value)) {
      for (const child of value as (SubsonicNode | string | number | boolean)[]) {
        children.push(typeof child === 'object' ? element(key, child) : textElement(key, child));
      }
    } else if (typeof value === 'object') children.push(element(key, value));
    else if (INFO_ELEMENTS.has(name) && TEXT_ELEMENTS.has(key))
      children.push(textElement(key, value));
    else attributes.push(`${key}="${escapeXml(String(value))}"`);
  }
  const open = [name, ...attributes].join(' ');
  return children.length || text ? `<${open}>${text}${children.join('')}</${name}>` : `<${open}/>`;
}

/** The `subsonic-response` envelope in the format asked for (XML by default). */
export function envelope(
  body: SubsonicNode,
  {
    format,
    callback,
    serverVersion,
  }: { format: SubsonicFormat; callback?: string; serverVersion: string },
): { type: string; text: string } {
  const response: SubsonicNode = {
    status: body.error ? 'failed' : 'ok',
    version: SUBSONIC_VERSION,
    type: 'cadenza',
    serverVersion,
    openSubsonic: true,
    ...body,
  };
  if (format === 'xml') {
    return {
      type: 'text/xml; charset=utf-8',
      text: `<?xml version="1.0" encoding="UTF-8"?>${element('subsonic-response', response, SUBSONIC_NAMESPACE)}`,
    };
  }
  const json = JSON.stringify({ 'subsonic-response': response });
  if (format === 'jsonp' && callback) {
    return { type: 'application/javascript; charset=utf-8', text: `${callback}(${json});` };
  }
  return { type: 'application/json; charset=utf-8', text: json };
}
