// The service worker keeps the page, its script and style, so that the app
// opens without the server once it has been loaded: a game in progress can go
// on offline. It asks the network first, so a new server's files replace the
// old ones at once; the API is never cached.
'use strict';

const CACHE = 'sudoku-page-v4';
const ASSETS = ['/', '/style.css', '/app.js', '/page.js', '/controls.js', '/input.js', '/newgame.js', '/hinting.js', '/sharing.js', '/mygames.js', '/guide.js', '/guide.json', '/grid.js', '/game.js', '/store.js', '/share.js', '/board.js', '/hints.js', '/api.js', '/stats.js', '/i18n.js', '/steps.js', '/library.js'];

self.addEventListener('install', (e) => {
  e.waitUntil(caches.open(CACHE).then((c) => c.addAll(ASSETS)).then(() => self.skipWaiting()));
});

self.addEventListener('activate', (e) => {
  e.waitUntil(caches.keys()
    .then((keys) => Promise.all(keys.filter((k) => k !== CACHE).map((k) => caches.delete(k))))
    .then(() => self.clients.claim()));
});

self.addEventListener('fetch', (e) => {
  const url = new URL(e.request.url);
  if (e.request.method !== 'GET' || url.origin !== self.location.origin || url.pathname.startsWith('/api/')) return;
  const key = url.pathname === '/index.html' ? '/' : url.pathname;
  e.respondWith(
    fetch(e.request).then((r) => {
      if (r.ok && ASSETS.includes(key)) {
        const copy = r.clone();
        caches.open(CACHE).then((c) => c.put(key, copy));
      }
      return r;
    }).catch(() => caches.match(key).then((r) => r || Response.error()))
  );
});
