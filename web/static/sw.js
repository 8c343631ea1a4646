// The service worker keeps the page, its script and style, so that the app
// opens without the server once it has been loaded: a game in progress can go
// on offline. The server writes its version of the files into VERSION (so a
// new server's sw.js differs and replaces this one); the worker keeps that
// version's files under the names the page asks for (/app.js?v=VERSION), and
// a route answers those requests from its cache at once, without starting
// the worker or asking the network (the files of a version never change).
// The page itself (/) is asked of the network first, its preload started
// while the worker wakes, so a new server's page is seen at once; the API is
// never cached.
'use strict';

const VERSION = '';
const CACHE = 'sudoku-page-' + VERSION;
const ASSETS = ['/', '/style.css', '/app.js', '/page.js', '/controls.js', '/input.js', '/newgame.js', '/hinting.js', '/sharing.js', '/mygames.js', '/guide.js', '/guide.json', '/grid.js', '/variant.js', '/setter.js', '/game.js', '/store.js', '/share.js', '/board.js', '/hints.js', '/api.js', '/stats.js', '/i18n.js', '/steps.js', '/library.js'];
// versioned is the name the page asks for file p by.
const versioned = (p) => (p === '/' ? p : p + '?v=' + VERSION);

self.addEventListener('install', (e) => {
  if (e.addRoutes) {
    // A file of this version missing from the cache comes from the network.
    e.addRoutes({ condition: { urlPattern: { pathname: '/*', search: 'v=' + VERSION } }, source: 'cache' }).catch(() => { /* the fetch handler answers */ });
  }
  e.waitUntil(caches.open(CACHE).then((c) => c.addAll(ASSETS.map(versioned))).then(() => self.skipWaiting()));
});

self.addEventListener('activate', (e) => {
  e.waitUntil(Promise.all([
    self.registration.navigationPreload && self.registration.navigationPreload.enable(),
    caches.keys().then((keys) => Promise.all(keys.filter((k) => k !== CACHE).map((k) => caches.delete(k)))),
  ]).then(() => self.clients.claim()));
});

self.addEventListener('fetch', (e) => {
  const url = new URL(e.request.url);
  if (e.request.method !== 'GET' || url.origin !== self.location.origin || url.pathname.startsWith('/api/')) return;
  const path = url.pathname === '/index.html' ? '/' : url.pathname;
  if (!ASSETS.includes(path)) return;
  const key = url.searchParams.get('v') === VERSION ? versioned(path) : path;
  if (key !== '/' && key !== path) {
    // A file of this version (where routes are not followed): the cache first.
    e.respondWith(caches.match(key).then((r) => r || fetch(e.request)));
    return;
  }
  // The page, or a file of another version: the network first.
  e.respondWith(
    Promise.resolve(e.preloadResponse).then((r) => r || fetch(e.request)).then((r) => {
      if (r.ok && key === '/') {
        const copy = r.clone();
        e.waitUntil(caches.open(CACHE).then((c) => c.put('/', copy)));
      }
      return r;
    }).catch(() => caches.match(key === '/' ? '/' : versioned(path)).then((r) => r || Response.error()))
  );
});
