import fs from 'node:fs';
import { XMLBuilder, XMLParser } from 'fast-xml-parser';
import { validateXML } from 'xmllint-wasm';

/**
 * Checks Subsonic XML answers against the official Subsonic 1.16.1 schema, as strict clients
 * (and `xmllint --schema`) read them.
 *
 * The schema is kept exactly as published. The OpenSubsonic additions this server answers are
 * taken out of a copy of the answer before it is checked, by name and per element, rather than
 * loosening the schema with `anyAttribute`: a blanket allowance would also let through a
 * misspelt or mistyped Subsonic attribute, which is the kind of mistake this check is for.
 * Any attribute or element not named here is checked by the schema.
 */
const SCHEMA = fs.readFileSync(
  new URL('../modules/subsonic/fixtures/subsonic-rest-api-1.16.1.xsd', import.meta.url),
  'utf8',
);

/** OpenSubsonic attributes (https://opensubsonic.netlify.app/docs/responses/), by element. */
const OPEN_SUBSONIC_ATTRIBUTES: Record<string, readonly string[]> = {
  'subsonic-response': ['type', 'serverVersion', 'openSubsonic'],
  // Child (song, entry, child, album in folder lists) and AlbumID3.
  song: ['explicitStatus', 'musicBrainzId'],
  entry: ['explicitStatus', 'musicBrainzId'],
  child: ['explicitStatus', 'musicBrainzId'],
  album: ['explicitStatus', 'userRating', 'musicBrainzId'],
  // ArtistID3.
  artist: ['musicBrainzId'],
  scanStatus: ['lastScan', 'folderCount'],
};
/** OpenSubsonic elements: answers of the extensions' own methods. */
const OPEN_SUBSONIC_ELEMENTS = new Set(['openSubsonicExtensions', 'lyricsList', 'replayGain']);

const ATTRIBUTES = ':@';
type OrderedNode = Record<string, unknown>;
const options = {
  preserveOrder: true,
  ignoreAttributes: false,
  attributeNamePrefix: '',
  suppressEmptyNode: true,
} as const;

function withoutExtensions(nodes: OrderedNode[]): OrderedNode[] {
  return nodes.flatMap((node) => {
    const name = Object.keys(node).find((key) => key !== ATTRIBUTES)!;
    if (OPEN_SUBSONIC_ELEMENTS.has(name)) return [];
    const attributes = { ...(node[ATTRIBUTES] as Record<string, string> | undefined) };
    for (const extension of OPEN_SUBSONIC_ATTRIBUTES[name] ?? []) delete attributes[extension];
    const children = node[name];
    return [
      {
        [name]: Array.isArray(children) ? withoutExtensions(children as OrderedNode[]) : children,
        [ATTRIBUTES]: attributes,
      },
    ];
  });
}

/** The schema's complaints about an XML answer (none when it is valid). */
export async function subsonicSchemaErrors(xml: string): Promise<string[]> {
  const parsed = new XMLParser(options).parse(xml) as OrderedNode[];
  const bare = new XMLBuilder(options).build(withoutExtensions(parsed)) as string;
  const result = await validateXML({
    xml: [{ fileName: 'answer.xml', contents: bare }],
    schema: [{ fileName: 'subsonic-rest-api-1.16.1.xsd', contents: SCHEMA }],
  });
  return result.errors.map((error) => error.rawMessage);
}
