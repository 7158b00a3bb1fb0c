import { BOOTSTRAP_ELEMENT_ID, type BootstrapData } from '@cadenza/contracts/bootstrap';

/** The bootstrap data a page carries in its JSON data block, as the browser reads it. */
export function bootstrapDataOf(html: string): BootstrapData {
  const match = new RegExp(
    `<script type="application/json" id="${BOOTSTRAP_ELEMENT_ID}">(.*?)</script>`,
    's',
  ).exec(html);
  if (!match) throw new Error('no bootstrap data in the page');
  return JSON.parse(match[1]!) as BootstrapData;
}
