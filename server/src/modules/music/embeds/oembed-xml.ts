import type { OEmbed } from '@cadenza/contracts/embeds';

const XML_UNSAFE: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;' };
const text = (value: string | number) =>
  String(value).replace(/[&<>]/g, (char) => XML_UNSAFE[char]!);

/** oEmbed's XML form of an answer: one element a field, in the order of the JSON one. */
export function oEmbedXml(answer: OEmbed): string {
  const fields = Object.entries(answer)
    .filter(([, value]) => value !== undefined)
    .map(([name, value]) => `  <${name}>${text(value as string | number)}</${name}>`);
  return [
    '<?xml version="1.0" encoding="utf-8" standalone="yes"?>',
    '<oembed>',
    ...fields,
    '</oembed>',
    '',
  ].join('\n');
}
