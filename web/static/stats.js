// Statistics kept in this browser: one result per game (kept when the
// game itself is deleted), summed up per size and level, with streaks;
// and the export and import of games, results and settings as one file.

const RESULTS = 'sudoku.results.v1';

function readResults() {
  try { return JSON.parse(localStorage.getItem(RESULTS)) || {}; } catch (_) { return {}; }
}
let results = readResults();

function writeResults() {
  try { localStorage.setItem(RESULTS, JSON.stringify(results)); } catch (_) { /* off or full */ }
}

// record keeps the result of game g: started, and once over won or
// revealed, with the time and the hints used.
export function record(g) {
  if (g.entering) return;
  // A game counts as played from its first move (one undone counts).
  if (!results[g.id] && !(g.undo && g.undo.length) && !(g.redo && g.redo.length) && !g.done && !g.revealed) return;
  const side = g.rules ? g.rules.size : g.order * g.order;
  const r = results[g.id] || { id: g.id, started: g.created };
  const next = Object.assign({}, r, {
    size: side + 'x' + side, level: g.level || '', daily: g.daily || '',
    hints: g.hints || 0, revealed: !!g.revealed, won: g.done && !g.revealed,
    time: Math.round(g.elapsed / 1000), ended: g.done ? (r.ended || Date.now()) : 0,
  });
  if (JSON.stringify(next) === JSON.stringify(r)) return;
  results[g.id] = next;
  writeResults();
}

// dayOf returns the local date of a time as YYYY-MM-DD.
export function dayOf(t) {
  const d = new Date(t);
  return d.getFullYear() + '-' + String(d.getMonth() + 1).padStart(2, '0') + '-' + String(d.getDate()).padStart(2, '0');
}

// summary sums the results up: rows per size and level (played, won,
// revealed, best and average winning time in seconds, hints), the current
// and best run of won games, and the run of days up to today with a daily
// puzzle won.
export function summary(today) {
  const rows = new Map();
  const all = Object.values(results).sort((a, b) => (a.ended || a.started) - (b.ended || b.started));
  for (const r of all) {
    const key = r.size + (r.level ? ' ' + r.level : '');
    const row = rows.get(key) || { key, played: 0, won: 0, revealed: 0, best: 0, total: 0, hints: 0 };
    row.played++;
    row.hints += r.hints;
    if (r.revealed) row.revealed++;
    if (r.won) {
      row.won++;
      row.total += r.time;
      row.best = row.best ? Math.min(row.best, r.time) : r.time;
    }
    rows.set(key, row);
  }
  let run = 0, bestRun = 0;
  for (const r of all) {
    if (!r.ended) continue;
    run = r.won ? run + 1 : 0;
    bestRun = Math.max(bestRun, run);
  }
  const dailyWon = new Set(all.filter((r) => r.won && r.daily).map((r) => r.daily.slice(0, 10)));
  let days = 0;
  const d = new Date(today + 'T12:00:00');
  if (!dailyWon.has(today)) d.setDate(d.getDate() - 1); // today's may be still to play
  while (dailyWon.has(dayOf(d.getTime()))) { days++; d.setDate(d.getDate() - 1); }
  return {
    rows: [...rows.values()].sort(byKey).map((r) => Object.assign(r, { average: r.won ? Math.round(r.total / r.won) : 0 })),
    run, bestRun, dailyDays: days,
  };
}

// LEVELS are the levels in their order, after a row of no level.
const LEVELS = ['', 'easy', 'medium', 'hard', 'expert', 'extreme'];

// byKey orders the rows of statistics ("9x9 hard") by size, then level.
function byKey(a, b) {
  const [sa, la = ''] = a.key.split(' '), [sb, lb = ''] = b.key.split(' ');
  const rank = (l) => (LEVELS.includes(l) ? LEVELS.indexOf(l) : LEVELS.length);
  return parseInt(sa, 10) - parseInt(sb, 10) || rank(la) - rank(lb) || la.localeCompare(lb);
}

// exportData returns everything to save in a file.
export function exportData(games, settings) {
  return { format: 'sudoku-games', version: 1, exported: new Date().toISOString(), games, results, settings };
}

// importResults merges the results of an exported file into ours (a
// result already here stays unless the file's is further on).
export function importResults(rs) {
  let n = 0;
  for (const [id, r] of Object.entries(rs || {})) {
    if (!r || typeof r.size !== 'string') continue;
    const mine = results[id];
    if (!mine || (!mine.ended && r.ended)) { results[id] = r; n++; }
  }
  writeResults();
  return n;
}
