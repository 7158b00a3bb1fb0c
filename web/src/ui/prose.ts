/**
 * Typography for rich text (custom pages, artist bios), on the design scale (VISUAL.md):
 * readable line length, generous rhythm, links in the accent colour. The editor writes in the
 * same look.
 */
export const PROSE = [
  'text-base leading-7 text-fg',
  '[&_h1]:mt-10 [&_h1]:mb-4 [&_h1]:text-3xl [&_h1]:font-bold [&_h1]:tracking-tight',
  '[&_h2]:mt-10 [&_h2]:mb-3 [&_h2]:text-2xl [&_h2]:font-semibold [&_h2]:tracking-tight',
  '[&_h3]:mt-8 [&_h3]:mb-2 [&_h3]:text-xl [&_h3]:font-semibold',
  '[&_h4]:mt-6 [&_h4]:mb-2 [&_h4]:text-base [&_h4]:font-semibold',
  '[&_p]:my-4 [&_p]:text-fg/90',
  '[&_a]:text-primary [&_a]:underline [&_a]:underline-offset-2 [&_a:hover]:no-underline',
  '[&_ul]:my-4 [&_ul]:list-disc [&_ul]:ps-6 [&_ol]:my-4 [&_ol]:list-decimal [&_ol]:ps-6',
  '[&_li]:my-2 [&_li]:ps-1 [&_li]:text-fg/90 [&_li::marker]:text-fg-muted',
  '[&_strong]:font-semibold [&_strong]:text-fg [&_em]:text-fg-muted',
  '[&_blockquote]:my-6 [&_blockquote]:border-s-4 [&_blockquote]:border-border [&_blockquote]:ps-4 [&_blockquote]:text-fg-muted',
  '[&_code]:rounded-sm [&_code]:bg-bg-elevated [&_code]:px-1 [&_code]:py-0.5 [&_code]:font-mono [&_code]:text-sm',
  '[&_pre]:my-6 [&_pre]:overflow-x-auto [&_pre]:rounded-lg [&_pre]:border [&_pre]:border-border [&_pre]:bg-bg-elevated [&_pre]:p-4',
  '[&_pre_code]:bg-transparent [&_pre_code]:p-0',
  '[&_img]:my-6 [&_img]:h-auto [&_img]:max-w-full [&_img]:rounded-lg',
  '[&_hr]:my-10 [&_hr]:border-border',
  '[&_table]:my-6 [&_table]:w-full [&_table]:border-collapse [&_table]:text-sm',
  '[&_th]:border-b [&_th]:border-border [&_th]:px-3 [&_th]:py-2 [&_th]:text-start [&_th]:font-semibold',
  '[&_td]:border-b [&_td]:border-border [&_td]:px-3 [&_td]:py-2',
  '[&>:first-child]:mt-0',
].join(' ');
