import type { Readable } from 'node:stream';

/** Audio between two metadata blocks beyond this is not read: such a stream is not waited for. */
export const MAX_METAINT = 256 * 1024;

/**
 * The title in an ICY metadata block (`StreamTitle='Artist - Title';`), or null when it names none.
 * Titles are UTF-8 on nearly every server today; Latin-1 ones show a replacement character.
 */
export function streamTitleOf(block: Buffer): string | null {
  const text = block.toString('utf8').replace(/\0+$/, '');
  const match = /StreamTitle='(.*?)';/s.exec(text);
  const title = match?.[1]?.trim();
  return title ? title.slice(0, 300) : null;
}

/**
 * Reads a stream opened with `Icy-MetaData: 1` up to its first metadata block (after `metaint`
 * bytes of audio, a length byte counting 16-byte units, then the block) and answers its title.
 */
export function readFirstTitle(stream: Readable, metaint: number): Promise<string | null> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const done = (title: string | null) => {
      stream.off('data', onData);
      stream.destroy();
      resolve(title);
    };
    const onData = (chunk: Buffer) => {
      chunks.push(chunk);
      size += chunk.length;
      if (size <= metaint) return;
      const all = Buffer.concat(chunks);
      const length = all[metaint]! * 16;
      if (length === 0) return done(null);
      if (all.length >= metaint + 1 + length) {
        done(streamTitleOf(all.subarray(metaint + 1, metaint + 1 + length)));
      }
    };
    stream.on('data', onData);
    stream.once('error', reject);
    stream.once('end', () => resolve(null));
  });
}
