import type { EmbedKind, EmbedTheme } from '@cadenza/contracts/embed-code';
import { escapeHtml } from '../../../core/html.js';
import { DARK_THEME_VALUES, LIGHT_THEME_VALUES } from '../../themes/themes.service.js';

/** One playable track of an embed. */
export interface EmbedTrack {
  id: number;
  title: string;
  artists: string;
  durationMs: number;
  streamUrl: string;
}

/** What an embed shows: the item, the way back to it, and its tracks. */
export interface EmbedItem {
  kind: EmbedKind;
  title: string;
  /** The artists of a track or an album; a playlist's owner. */
  subtitle: string;
  image: string | null;
  /** The item's page on this site. */
  url: string;
  tracks: EmbedTrack[];
}

/** Translates an English text, its `{{name}}` placeholders filled in. */
export type Translate = (text: string, values?: Record<string, string>) => string;

export interface EmbedPageOptions {
  theme: EmbedTheme;
  siteName: string;
  /** The visitor's language, and its lines. */
  language: string;
  t: Translate;
}

/**
 * The embed's player: plays the tracks in order, one audio element, a play button, a seek bar
 * and the tracklist. Plain script with no framework: the page must paint and play fast in any
 * site's frame. It is allowed by its hash, so nothing else runs in the frame.
 */
export const EMBED_SCRIPT = `(() => {
  const audio = document.getElementById('audio');
  const play = document.getElementById('play');
  const seek = document.getElementById('seek');
  const elapsed = document.getElementById('elapsed');
  const nowTitle = document.getElementById('now-title');
  const status = document.getElementById('status');
  const rows = Array.from(document.querySelectorAll('[data-src]'));
  if (!audio || !play || rows.length === 0) return;
  let current = -1;
  const clock = (seconds) => {
    const s = Math.max(0, Math.floor(seconds || 0));
    return Math.floor(s / 60) + ':' + String(s % 60).padStart(2, '0');
  };
  const showState = () => {
    const playing = !audio.paused;
    play.setAttribute('aria-label', playing ? play.dataset.pause : play.dataset.play);
    play.dataset.state = playing ? 'playing' : 'paused';
    document.body.dataset.state = playing ? 'playing' : 'paused';
  };
  const choose = (index) => {
    current = index;
    const row = rows[index];
    audio.src = row.dataset.src;
    nowTitle.textContent = row.dataset.title;
    rows.forEach((each, i) => each.setAttribute('aria-current', i === index ? 'true' : 'false'));
    seek.value = '0';
    status.textContent = '';
  };
  const start = (index) => {
    if (index !== current) choose(index);
    audio.play().catch(() => {
      status.textContent = status.dataset.failed;
    });
  };
  play.addEventListener('click', () => {
    if (audio.paused) start(current < 0 ? 0 : current);
    else audio.pause();
  });
  rows.forEach((row, index) => row.addEventListener('click', () => start(index)));
  audio.addEventListener('play', showState);
  audio.addEventListener('pause', showState);
  audio.addEventListener('timeupdate', () => {
    elapsed.textContent = clock(audio.currentTime);
    if (audio.duration > 0) seek.value = String(Math.round((audio.currentTime / audio.duration) * 1000));
  });
  audio.addEventListener('ended', () => {
    if (current + 1 < rows.length) start(current + 1);
    else showState();
  });
  audio.addEventListener('error', () => {
    status.textContent = status.dataset.failed;
    showState();
  });
  seek.addEventListener('input', () => {
    if (current < 0) choose(0);
    if (audio.duration > 0) audio.currentTime = (Number(seek.value) / 1000) * audio.duration;
  });
})();`;

const THEMES: Record<EmbedTheme, Record<string, string>> = {
  dark: DARK_THEME_VALUES,
  light: LIGHT_THEME_VALUES,
};

function styleOf(theme: EmbedTheme): string {
  const variables = Object.entries(THEMES[theme])
    .map(([name, value]) => `${name}:${value}`)
    .join(';');
  return `:root{${variables};color-scheme:${theme}}
*{box-sizing:border-box}
html,body{margin:0;height:100%}
body{font:14px/1.4 system-ui,-apple-system,'Segoe UI',Roboto,sans-serif;background:var(--bg);color:var(--fg);display:flex;flex-direction:column;overflow:hidden;border-radius:8px}
a{color:inherit}
.head{display:flex;gap:12px;padding:12px;align-items:center;min-height:0}
.cover{width:104px;height:104px;flex:none;border-radius:4px;object-fit:cover;background:var(--bg-elevated)}
.info{min-width:0;flex:1;display:flex;flex-direction:column;gap:4px}
.title{font-size:16px;font-weight:600;margin:0;white-space:nowrap;overflow:hidden;text-overflow:ellipsis}
.title a{text-decoration:none}.title a:hover{text-decoration:underline}
.muted{color:var(--fg-muted);font-size:12px;white-space:nowrap;overflow:hidden;text-overflow:ellipsis;margin:0}
.controls{display:flex;align-items:center;gap:8px;margin-top:4px}
.play{width:40px;height:40px;border-radius:9999px;border:0;background:var(--primary);color:var(--primary-fg);display:grid;place-items:center;cursor:pointer;flex:none}
.play:focus-visible,.row:focus-visible,input:focus-visible,a:focus-visible{outline:2px solid var(--fg);outline-offset:2px}
.play .pause,[data-state=playing] .play .start{display:none}
[data-state=playing] .play .pause{display:block}
.seek{flex:1;min-width:0;accent-color:var(--primary)}
.time{font-variant-numeric:tabular-nums;color:var(--fg-muted);font-size:12px;min-width:32px}
.status{color:var(--danger);font-size:12px;margin:0}
.status:empty{display:none}
.tracks{list-style:none;margin:0;padding:0 8px 8px;overflow-y:auto;flex:1;border-top:1px solid var(--border)}
.row{width:100%;display:flex;gap:8px;align-items:center;padding:8px;border:0;border-radius:4px;background:none;color:inherit;font:inherit;text-align:left;cursor:pointer}
.row:hover{background:var(--bg-hover)}
.row[aria-current=true] .name{color:var(--primary)}
.num{width:20px;color:var(--fg-muted);font-variant-numeric:tabular-nums;text-align:right;flex:none}
.name{flex:1;min-width:0;white-space:nowrap;overflow:hidden;text-overflow:ellipsis}
.brand{margin-left:auto;font-size:12px;color:var(--fg-muted);text-decoration:none;white-space:nowrap}
.brand:hover{color:var(--fg)}
.message{margin:auto;padding:16px;text-align:center;display:flex;flex-direction:column;gap:8px;align-items:center}
.button{display:inline-block;padding:8px 16px;border-radius:9999px;background:var(--primary);color:var(--primary-fg);text-decoration:none;font-weight:600}
@media (max-height:200px){.tracks{display:none}}
@media (max-width:320px){.cover{width:64px;height:64px}}
@media (prefers-reduced-motion:no-preference){.row,.play{transition:background-color .15s ease-out}}`;
}

const PLAY_ICON =
  '<svg class="start" width="20" height="20" viewBox="0 0 24 24" aria-hidden="true"><path fill="currentColor" d="M8 5v14l11-7z"/></svg>';
const PAUSE_ICON =
  '<svg class="pause" width="20" height="20" viewBox="0 0 24 24" aria-hidden="true"><path fill="currentColor" d="M6 5h4v14H6zm8 0h4v14h-4z"/></svg>';

function clock(ms: number): string {
  const seconds = Math.max(0, Math.round(ms / 1000));
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
}

function document(
  title: string,
  { theme, language }: EmbedPageOptions,
  body: string,
  script = '',
): string {
  return `<!doctype html>
<html lang="${escapeHtml(language)}" data-theme="${theme}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)}</title>
<style>${styleOf(theme)}</style>
</head>
<body data-state="paused">
${body}${script ? `\n<script>${script}</script>` : ''}
</body>
</html>
`;
}

/** The embed of an item: its cover, title and artists, the player, its tracklist. */
export function drawEmbed(item: EmbedItem, options: EmbedPageOptions): string {
  const { siteName, t } = options;
  const link = escapeHtml(item.url);
  const cover = item.image
    ? `<img class="cover" src="${escapeHtml(item.image)}" alt="" width="104" height="104">`
    : '<div class="cover" aria-hidden="true"></div>';
  const rows = item.tracks
    .map(
      (track, index) =>
        `<li><button type="button" class="row" data-src="${escapeHtml(track.streamUrl)}" data-title="${escapeHtml(track.title)}" aria-current="false">` +
        `<span class="num">${index + 1}</span><span class="name">${escapeHtml(track.title)}` +
        `<span class="muted"> · ${escapeHtml(track.artists)}</span></span>` +
        `<span class="time">${clock(track.durationMs)}</span></button></li>`,
    )
    .join('');
  const playable = item.tracks.length > 0;
  const subtitle = item.kind === 'playlist' ? `${t('Playlist')} · ${item.subtitle}` : item.subtitle;
  const play = escapeHtml(t('Play'));
  const first = item.tracks[0]?.title ?? '';
  const head = `<header class="head">${cover}
<div class="info">
<p class="title"><a href="${link}" target="_blank" rel="noopener">${escapeHtml(item.title)}</a></p>
<p class="muted">${escapeHtml(subtitle)}</p>
<p class="muted" id="now-title" aria-live="polite">${item.kind === 'track' ? '' : escapeHtml(first)}</p>
<div class="controls">
<button type="button" id="play" class="play" aria-label="${play}" data-play="${play}" data-pause="${escapeHtml(t('Pause'))}"${playable ? '' : ' disabled'}>${PLAY_ICON}${PAUSE_ICON}</button>
<span class="time" id="elapsed">0:00</span>
<input id="seek" class="seek" type="range" min="0" max="1000" value="0" aria-label="${escapeHtml(t('Seek'))}"${playable ? '' : ' disabled'}>
<a class="brand" href="${link}" target="_blank" rel="noopener">${escapeHtml(siteName)} ↗</a>
</div>
<p class="status" id="status" role="status" data-failed="${escapeHtml(t('This track cannot be played right now.'))}"></p>
</div>
</header>`;
  const list = playable
    ? `<ol class="tracks" aria-label="${escapeHtml(t('Tracks'))}"${item.kind === 'track' ? ' hidden' : ''}>${rows}</ol>`
    : `<p class="message muted">${escapeHtml(t('There is nothing to play here yet.'))}</p>`;
  const body = `${head}\n${list}\n<audio id="audio" preload="none"></audio>`;
  return document(`${item.title} · ${siteName}`, options, body, playable ? EMBED_SCRIPT : '');
}

/** The embed of something a visitor of another site may not see or play, saying why. */
export function drawUnavailable(
  options: EmbedPageOptions,
  message: string,
  action?: { label: string; url: string },
): string {
  const button = action
    ? `<a class="button" href="${escapeHtml(action.url)}" target="_blank" rel="noopener">${escapeHtml(action.label)}</a>`
    : '';
  const { siteName } = options;
  const body = `<main class="message"><p>${escapeHtml(message)}</p>${button}<p class="muted">${escapeHtml(siteName)}</p></main>`;
  return document(siteName, options, body);
}
