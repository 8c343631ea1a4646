// The games kept in this browser (IndexedDB, one record per game, so that
// no game overwrites another) and the settings (localStorage).

import { valid } from './game.js';
import { bit } from './grid.js';

const DB = 'sudoku', GAMES = 'games';
let dbp = null;

function db() {
  if (!dbp) {
    dbp = new Promise((resolve, reject) => {
      const req = indexedDB.open(DB, 1);
      req.onupgradeneeded = () => req.result.createObjectStore(GAMES, { keyPath: 'id' });
      req.onsuccess = () => resolve(req.result);
      req.onerror = () => reject(req.error);
    });
  }
  return dbp;
}

function run(mode, fn) {
  return db().then((d) => new Promise((resolve, reject) => {
    const tx = d.transaction(GAMES, mode);
    const req = fn(tx.objectStore(GAMES));
    tx.oncomplete = () => resolve(req && req.result);
    tx.onerror = () => reject(tx.error);
    tx.onabort = () => reject(tx.error);
  }));
}

// The page opens the store at once, while its other modules load: the
// game to show waits on it.
db().catch(() => { /* no IndexedDB: games are not kept */ });

// putGame stores g (a copy: the page goes on changing g).
export const putGame = (g) => run('readwrite', (s) => s.put(JSON.parse(JSON.stringify(g))));
export const getGame = (id) => run('readonly', (s) => s.get(id)).then((g) => (valid(g) ? g : null));
export const deleteGame = (id) => run('readwrite', (s) => s.delete(id));
// allGames returns every game, the last played first.
export const allGames = () => run('readonly', (s) => s.getAll())
  .then((gs) => gs.filter(valid).sort((a, b) => b.played - a.played));

// The journal: IndexedDB writes finish after the page may be gone (a
// reload right after a move), so each save also writes the game, with the
// last steps of its history, to localStorage at once; the journal goes once
// IndexedDB holds that state, and a journal newer than the stored game (or
// a game not stored yet) wins when the game is opened.
const JOURNAL = 'sudoku.journal.';
const JOURNAL_STEPS = 100;

export function writeJournal(g) {
  const j = Object.assign({}, g, { undo: g.undo.slice(-JOURNAL_STEPS), undoLen: g.undo.length, redo: g.redo.slice(-JOURNAL_STEPS) });
  try { localStorage.setItem(JOURNAL + g.id, JSON.stringify(j)); } catch (_) { /* off or full */ }
}

// dropJournal removes the journal of game id if IndexedDB holds its state
// of time played (or a later one).
export function dropJournal(id, played) {
  try {
    const j = JSON.parse(localStorage.getItem(JOURNAL + id));
    if (j && j.played <= played) localStorage.removeItem(JOURNAL + id);
  } catch (_) { /* off */ }
}

// withJournal returns game g (from IndexedDB, or null) brought up to date
// by the journal of game id.
export function withJournal(id, g) {
  let j;
  try { j = JSON.parse(localStorage.getItem(JOURNAL + id)); } catch (_) { return g; }
  if (!j || (g && j.played <= g.played)) return g;
  const kept = j.undoLen - j.undo.length; // steps of the history the journal does not hold
  const undo = g && g.undo.length >= kept ? g.undo.slice(0, kept).concat(j.undo) : j.undo;
  delete j.undoLen;
  j.undo = undo;
  return valid(j) ? j : g;
}

// Which game this tab plays (sessionStorage) and which one was played last
// in any tab (localStorage): a reload resumes the tab's game, a new tab the
// last one.
const CURRENT = 'sudoku.current';
export function currentID() {
  return sessionStorage.getItem(CURRENT) || localStorage.getItem(CURRENT);
}
export function setCurrentID(id) {
  try { sessionStorage.setItem(CURRENT, id); localStorage.setItem(CURRENT, id); } catch (_) { /* off */ }
}

// legacyGame returns the game the page kept in its one localStorage slot
// before IndexedDB (marks then had bit v for value v), or null; the slot is
// emptied once the game is stored.
const LEGACY = 'sudoku.game.v1';
export function legacyGame() {
  let g;
  try { g = JSON.parse(localStorage.getItem(LEGACY)); } catch (_) { return null; }
  if (!g || !g.order || !Array.isArray(g.givens)) return null;
  const n = g.order ** 4;
  for (const k of ['corner', 'centre']) g[k] = (g[k] || []).map((m) => m >>> 1);
  g.elim = new Array(n).fill(0);
  for (const [i, v] of g.elims || []) if (i >= 0 && i < n) g.elim[i] |= bit(v);
  delete g.elims;
  Object.assign(g, { id: 'legacy', undo: [], redo: [], created: Date.now(), played: Date.now(), revealed: false, hints: 0 });
  return valid(g) ? g : null;
}
export function dropLegacy() { try { localStorage.removeItem(LEGACY); } catch (_) { /* off */ } }

// Settings: the player's choices, kept across games.
const SETTINGS = 'sudoku.settings.v1';
export const settings = Object.assign(
  {
    auto: false, mistakes: false, clearMarks: true, size: '3', level: '', lang: '',
    hideTimer: false, clashes: true, palette: '', theme: '',
  },
  readJSON(SETTINGS));
export function saveSettings() {
  try { localStorage.setItem(SETTINGS, JSON.stringify(settings)); } catch (_) { /* off */ }
}
function readJSON(key) {
  try { return JSON.parse(localStorage.getItem(key)) || {}; } catch (_) { return {}; }
}
