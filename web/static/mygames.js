// The "My games" dialog: every kept game to resume or delete, the
// statistics, and saving them to a file and loading such a file.

import { thumbnail } from './board.js';
import { title, fmtTime } from './controls.js';
import { valid, filled, sideOf } from './game.js';
import { t, lang } from './i18n.js';
import { $, game, saving, play, confirmDialog } from './page.js';
import { summary, dayOf, exportData, importResults } from './stats.js';
import { putGame, getGame, deleteGame, allGames, dropJournal, withJournal, settings } from './store.js';

export async function showGames() {
  const list = $('games-list');
  list.textContent = '';
  const d = $('games-dialog');
  const opening = !d.open;
  if (opening) d.showModal();
  await saving;
  let all = [];
  try { all = await allGames(); } catch (_) { /* none */ }
  drawStats();
  if (!all.length) { list.textContent = t('noGames'); return; }
  for (const g of all) {
    const li = document.createElement('li');
    if (game && g.id === game.id) li.className = 'current';
    const side = sideOf(g), n = side * side;
    const givens = g.givens.filter(Boolean).length;
    const pct = Math.round(100 * (filled(g) - givens) / Math.max(1, n - givens));
    const state = g.entering ? t('beingEntered') : g.done ? t(g.revealed ? 'stRevealed' : 'stWon') : (g.revealed ? t('stRevealed') + ', ' : '') + t('filledPct', pct);
    const text = document.createElement('span');
    text.className = 'game-text';
    text.textContent = title(g) + ' \u00b7 ' + fmtTime(g.elapsed) + ' \u00b7 ' + state +
      ' \u00b7 ' + new Date(g.played).toLocaleString(lang === 'zh' ? 'zh-CN' : 'en');
    const resume = document.createElement('button');
    resume.type = 'button';
    resume.className = 'resume';
    resume.append(thumbnail(g, 56), text);
    resume.setAttribute('aria-label', t('resumeGame', text.textContent));
    resume.addEventListener('click', () => { d.close(); if (!game || g.id !== game.id) play(withJournal(g.id, g)); });
    const del = document.createElement('button');
    del.type = 'button';
    del.textContent = t('delete');
    del.setAttribute('aria-label', t('deleteGame', text.textContent));
    del.disabled = !!game && g.id === game.id;
    del.addEventListener('click', async () => {
      d.close();
      if (await confirmDialog(t('askDelete'), t('delete'))) {
        dropJournal(g.id, Infinity);
        await deleteGame(g.id).catch(() => {});
      }
      showGames();
    });
    li.append(resume, del);
    list.append(li);
  }
  // The dialog opened on its first button, below the list: the focus goes
  // to the list, the last game played first.
  if (opening && d.open) list.querySelector('.resume').focus();
}

export function drawStats() {
  const st = summary(dayOf(Date.now()));
  $('stats-streaks').textContent = t('streaks', st.run, st.bestRun, st.dailyDays);
  const body = $('stats-table').tBodies[0];
  body.textContent = '';
  const sec = (t) => (t ? fmtTime(t * 1000) : '\u2013');
  for (const r of st.rows) {
    const tr = document.createElement('tr');
    const [sz, lv] = r.key.split(' ');
    for (const v of [sz + (lv ? ' ' + t(lv) : ''), r.played, r.won, r.revealed, sec(r.best), sec(r.average), r.hints]) {
      const td = document.createElement('td');
      td.textContent = String(v);
      tr.append(td);
    }
    body.append(tr);
  }
}

// exportGames saves every game, the statistics and the settings in a file.
export async function exportGames() {
  await saving;
  const data = exportData(await allGames().catch(() => []), settings);
  const a = document.createElement('a');
  a.href = URL.createObjectURL(new Blob([JSON.stringify(data)], { type: 'application/json' }));
  a.download = 'sudoku-games-' + dayOf(Date.now()) + '.json';
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(a.href), 10000);
  $('import-msg').textContent = t('saved', data.games.length, a.download);
}

// importGames loads a file that exportGames made: its games join ours (a
// game kept here stays unless the file's was played later), its results
// too.
export async function importGames(file) {
  const msg = $('import-msg');
  try {
    const data = JSON.parse(await file.text());
    if (!data || data.format !== 'sudoku-games' || !Array.isArray(data.games)) throw new Error(t('notGames'));
    let n = 0;
    for (const g of data.games) {
      if (!valid(g)) continue;
      const mine = await getGame(g.id).catch(() => null);
      if (mine && mine.played >= g.played) continue;
      await putGame(g);
      n++;
    }
    const r = importResults(data.results);
    msg.className = 'msg good';
    msg.textContent = t('loaded', n, r, file.name);
    showGames();
  } catch (err) {
    msg.className = 'msg bad';
    msg.textContent = t('cannotLoad', file.name, err.message);
  }
}
