// New games: generated, daily, entered (pasted or typed into the grid);
// the solution and rating fetched for games that lack them; Reveal and
// Restart.

import { api } from './api.js';
import { draw, englishTitle, drawGameStatus } from './controls.js';
import { newGame, puzzleLine, puzzleText, over, reveal, restart, hasProgress } from './game.js';
import { geometry, symbolValue, bit } from './grid.js';
import { caption } from './variant.js';
import { t, tIn, lang } from './i18n.js';
import { MAX_PLAY_ORDER, $, board, game, view, saving, save, play, status, changed, confirmDialog } from './page.js';
import { dayOf } from './stats.js';
// The library's daily puzzle (library.js is loaded after the page is ready).
const libraryDaily = (day, level) => import('./library.js').then((m) => m.libraryDaily(day, level));
import { getGame, deleteGame, allGames, dropJournal, withJournal } from './store.js';

export async function generate(order, level) {
  level = levelsOf(order).includes(level) ? level : '';
  const side = order * order;
  status(t('making', (level ? t(level) + ' ' : '') + side + 'x' + side));
  $('new').disabled = true;
  const kept = game && hasProgress(game) && !game.done;
  try {
    const t0 = performance.now();
    const j = await api('generate', level ? { order, level } : { order });
    document.body.dataset.generateMs = (performance.now() - t0).toFixed(1);
    const meta = { kind: 'generated', clues: j.clues, er: j.er || 0, seed: j.seed };
    play(newGame(order, j.puzzle, { solution: j.solution, level: j.level || '', meta, info: englishTitle(order, j.level, meta) }),
      kept ? t('keptOther') : '');
    if (!j.level) rateInBackground(); // a puzzle of any level: its level for the title, My games and the statistics
  } catch (err) {
    status(t('noPuzzle', err.message), 'bad');
  } finally {
    $('new').disabled = false;
  }
}

export const newFromControls = () => {
  const family = $('family').value, size = $('size').value;
  if (family) return generateVariant(family, size[0] === 'v' ? Number(size.slice(1)) : Number(size) ** 2);
  return generate(size[0] === 'v' ? 3 : Number(size), $('level').value);
};

// generateVariant plays a new variant of a family (variant.Families) on a
// grid of the side given; variants come at any level for now.
export async function generateVariant(family, side) {
  status(t('making', side + 'x' + side + ' ' + t('fam' + family[0].toUpperCase() + family.slice(1))));
  $('new').disabled = true;
  const kept = game && hasProgress(game) && !game.done;
  try {
    const t0 = performance.now();
    const j = await api('generate', { variant: family, size: side });
    document.body.dataset.generateMs = (performance.now() - t0).toFixed(1);
    const meta = { kind: 'generated', clues: j.clues, seed: j.seed, size: j.size, variant: caption(j.rules) };
    play(newGame(j.order, j.puzzle, { rules: j.rules, solution: j.solution, meta, info: englishTitle(j.order, '', meta) }), kept ? t('keptOther') : '');
  } catch (err) {
    status(t('noPuzzle', err.message), 'bad');
  } finally {
    $('new').disabled = false;
  }
}

export const LEVELS = ['easy', 'medium', 'hard', 'expert', 'extreme'];

// levelsOf lists the levels the page asks for at an order: all five at
// 9x9 and 16x16 (generate.ForOrder makes a 16x16 puzzle in under 1 s of
// CPU at the 95th percentile, 6 s for extreme, within /api/generate's
// 30 s; expert and extreme come at once from the server's stock), easy
// alone at 4x4 (hidden singles solve every 4x4 puzzle: generate.MaxER4).
export const levelsOf = (order) => ({ 2: LEVELS.slice(0, 1), 3: LEVELS, 4: LEVELS })[order] || [];

// dailySeed is the seed of the daily puzzle of a level on a day
// (YYYY-MM-DD): the date's digits and the level's number, 1 for easy to 5
// for extreme. Anyone can make it again: sudoku generate -level hard -seed
// 202611263 is the hard puzzle of 26 November 2026.
export function dailySeed(day, level) {
  return Number(day.split('-').join('')) * 10 + LEVELS.indexOf(level) + 1;
}

// daily plays today's 9x9 puzzle of the chosen level (medium for any):
// the same for everyone on this date; a game of it already begun resumes.
export async function daily() {
  const level = $('level').value || 'medium';
  const day = dayOf(Date.now());
  const id = 'daily-' + day + '-' + level;
  const had = withJournal(id, await getGame(id).catch(() => null));
  if (had) { play(had); return; }
  const seed = dailySeed(day, level);
  status(t('dailyMaking', t(level)));
  try {
    // From the server's puzzle library when it has one (library.js).
    const j = (await libraryDaily(day, level)) || await api('generate', { order: 3, level, seed });
    const meta = { kind: 'daily', day, er: j.er, seed };
    play(newGame(3, j.puzzle, { id, daily: day + ' ' + level, solution: j.solution, level: j.level, meta, info: englishTitle(3, j.level, meta) }),
      t('dailyMsg', level, seed));
  } catch (err) {
    status(t('dailyFailed', err.message), 'bad');
  }
}

// ensureSolution asks the server for the solution of a game that has none
// (a shared link or an old game), for checks and Reveal.
export async function ensureSolution() {
  const g = game;
  if (!g || g.solution || g.entering) return;
  try {
    const j = await api('solve', { puzzle: puzzleText(g) });
    g.solution = j.solution;
    if (g === game) { save(); draw(); }
  } catch (_) { /* checks stay off for this puzzle */ }
}

// verdict turns a /api/check answer into a message and whether play can start.
export function verdict(j) {
  switch (j.status) {
    case 'unique': return { ok: true, msg: t('proper', j.givens) };
    case 'conflict': {
      if (j.violations) return { ok: false, msg: t('givensClash') + '\n' + j.violations.map((x) => x.text).join('\n') };
      const geo = geometry(j.order);
      return { ok: false, msg: t('givensClash') + '\n' + j.conflicts.map((c) => (lang === 'zh' ? t('bothHold', geo.name(c.cells[0]), geo.name(c.cells[1]), c.symbol) : c.text)).join('\n') };
    }
    case 'none': return { ok: false, msg: t('noSolution') };
    case 'multiple': return { ok: false, msg: t('multiple') };
    case 'solved': return { ok: false, msg: t('complete') };
  }
  return { ok: false, msg: j.message || j.status };
}

export async function pasteGo() {
  const msg = $('paste-msg');
  msg.className = 'msg';
  msg.textContent = t('checking');
  try {
    const j = await api('check', { puzzle: $('paste').value });
    const v = verdict(j);
    if (j.rules ? j.size > MAX_PLAY_ORDER ** 2 : j.order > MAX_PLAY_ORDER) {
      msg.className = 'msg bad';
      msg.textContent = t('tooBig');
      return;
    }
    if (!v.ok) { msg.className = 'msg bad'; msg.textContent = v.msg; return; }
    $('enter-dialog').close();
    const g = fromCheck(j);
    // Pencil marks pasted with the puzzle become centre marks.
    if (j.marks) j.marks.forEach((m, i) => { for (const ch of m) g.centre[i] |= bit(symbolValue(ch)); });
    play(g, v.msg, 'good');
    rateInBackground();
  } catch (err) {
    msg.className = 'msg bad';
    msg.textContent = err.message;
  }
}

// fromCheck makes the game of a /api/check answer: a classic puzzle, or a
// variant with its rules.
export function fromCheck(j, extra) {
  const meta = { kind: 'entered', givens: j.givens };
  if (j.rules) Object.assign(meta, { size: j.size, variant: caption(j.rules) });
  return newGame(j.order, j.puzzle, Object.assign({ solution: j.solution, meta, info: englishTitle(j.order, '', meta) }, j.rules ? { rules: j.rules } : {}, extra || {}));
}

export function enterInGrid() {
  $('enter-dialog').close();
  const before = game;
  play(newGame(Number($('size').value) || 3, '', { entering: true, meta: { kind: 'entering' }, info: tIn('en', 'entering') }), t('typeThen'));
  view.before = before;
  board.el.focus();
}

export async function enterDone() {
  try {
    const j = await api('check', { puzzle: puzzleText(game) });
    const v = verdict(j);
    if (!v.ok) { status(v.msg, 'bad'); return; }
    play(fromCheck(j, { id: game.id }), v.msg, 'good');
    rateInBackground();
  } catch (err) {
    status(err.message, 'bad');
  }
}

// enterCancel goes back to the game played before the entry.
export async function enterCancel() {
  if (game.givens.some(Boolean) && !await confirmDialog(t('dropGivens'), t('drop'))) return;
  const dropped = game, before = view.before;
  await saving;
  dropJournal(dropped.id, Infinity);
  deleteGame(dropped.id).catch(() => {});
  if (before) { play(before); return; }
  const all = await allGames().catch(() => []);
  const last = all.find((g) => g.id !== dropped.id && !g.entering);
  if (last) play(last); else newFromControls();
}

// rateInBackground adds the rating and level of an entered puzzle, or a
// generated one of any level, to its title.
export async function rateInBackground() {
  const g = game;
  if (g.order !== 3 || g.entering || g.rules) return;
  try {
    const j = await api('rate', { puzzle: puzzleLine(g) });
    g.level = j.level;
    g.meta = Object.assign({}, g.meta, { er: j.er });
    g.info = englishTitle(g.order, g.level, g.meta);
    save(g);
    if (g === game) draw();
  } catch (_) { /* unrated */ }
}

// ---- reveal, restart --------------------------------------------------

export async function doReveal() {
  if (!game || game.entering || game.done) return;
  if (!await confirmDialog(t('askReveal'), t('reveal'))) return;
  await ensureSolution();
  if (!game.solution) { status(t('cannotReveal'), 'bad'); return; }
  const did = reveal(game);
  changed(did);
  drawGameStatus();
}

export async function doRestart() {
  if (!game || game.entering) return;
  if (!await confirmDialog(t('askRestart'), t('restart'))) return;
  if (over(game)) {
    // A won game stays won: the puzzle starts again as a new game.
    const g = game;
    play(newGame(g.order, puzzleLine(g), Object.assign({ solution: g.solution, info: g.info, level: g.level, meta: g.meta }, g.rules ? { rules: g.rules } : {})));
    return;
  }
  changed(restart(game));
  view.lastTick = performance.now();
  draw();
}
