// Serves the tracks a listener saved for offline listening from Cache Storage, with HTTP ranges
// as the audio element asks for them; everything else goes to the network untouched.
const CACHE = 'cadenza-offline-audio-v1';
const STREAM = /^\/api\/v1\/tracks\/\d+\/stream$/;

self.addEventListener('install', () => self.skipWaiting());
self.addEventListener('activate', (event) => event.waitUntil(self.clients.claim()));

self.addEventListener('fetch', (event) => {
  const url = new URL(event.request.url);
  if (event.request.method !== 'GET' || url.origin !== self.location.origin) return;
  if (!STREAM.test(url.pathname) || url.search) return;
  event.respondWith(fromCache(event.request, url.pathname));
});

async function fromCache(request, key) {
  const cache = await caches.open(CACHE);
  const cached = await cache.match(key);
  if (!cached) return fetch(request);
  const body = await cached.blob();
  const type = cached.headers.get('content-type') || 'application/octet-stream';
  const range = /^bytes=(\d*)-(\d*)$/.exec(request.headers.get('range') || '');
  if (!range || (range[1] === '' && range[2] === '')) {
    return new Response(body, {
      headers: {
        'content-type': type,
        'content-length': String(body.size),
        'accept-ranges': 'bytes',
      },
    });
  }
  const size = body.size;
  let start = range[1] === '' ? Math.max(0, size - Number(range[2])) : Number(range[1]);
  let end = range[1] === '' || range[2] === '' ? size - 1 : Math.min(Number(range[2]), size - 1);
  if (start >= size || end < start) {
    return new Response(null, { status: 416, headers: { 'content-range': `bytes */${size}` } });
  }
  return new Response(body.slice(start, end + 1), {
    status: 206,
    headers: {
      'content-type': type,
      'content-length': String(end - start + 1),
      'content-range': `bytes ${start}-${end}/${size}`,
      'accept-ranges': 'bytes',
    },
  });
}
