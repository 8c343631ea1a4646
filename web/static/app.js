// The Sudoku page: play, enter, check, solve, share and print puzzles.
// Plain JavaScript, no build step; the server's JSON API is under /api/.
'use strict';

(function () {
  const SYMBOLS = '123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz@#$';
  const MODES = ['digit', 'corner', 'centre', 'colour'];
  const STORE = 'sudoku.game.v1';
  const SETTINGS = 'sudoku.settings.v1';
  const MAX_UNDO = 1000;
  const MAX_PLAY_ORDER = 5; // the page plays grids up to 25x25

  const $ = (id) => document.getElementById(id);
  const board = $('board');

  // game is what a game in progress is: saved, shared and restored.
  let game = null;
  // ui is the state of this view only.
  const ui = {
    sel: new Set(), cursor: 0, mode: 'digit', undo: [], redo: [],
    dragging: false, dragAdd: false, cells: [], ticking: null, lastTick: 0,
    hint: null, // {stage: 1|2, step, vague, region: Set, cells: Set, elim: Map cell->Set, place: Map cell->v}
    mistakes: new Set(), hintBusy: false,
  };
  const settings = Object.assign({ auto: false, mistakes: false }, readJSON(SETTINGS));

  // ---- the game ------------------------------------------------------

  // newGame returns a game for the puzzle line p of the given order.
  function newGame(order, p, extra) {
    const side = order * order, n = side * side;
    const givens = new Array(n).fill(0);
    for (let i = 0; i < n; i++) givens[i] = symbolValue(p[i] || '.');
    return Object.assign({
      order, side, n, givens,
      values: new Array(n).fill(0),
      corner: new Array(n).fill(0),
      centre: new Array(n).fill(0),
      colour: new Array(n).fill(0),
      solution: null, elapsed: 0, paused: false, done: false,
      entering: false, info: '', elims: [],
    }, extra || {});
  }

  function symbolValue(ch) {
    if (ch === '.' || ch === '0' || ch === '_') return 0;
    const v = SYMBOLS.indexOf(ch) + 1;
    return v > 0 ? v : 0;
  }
  function symbol(v) { return v ? SYMBOLS[v - 1] : '.'; }
  function value(i) { return game.givens[i] || game.values[i]; }
  function gridLine(vals) { return vals.map(symbol).join(''); }
  function puzzleLine() { return gridLine(game.givens); }
  function currentLine() { return gridLine(game.givens.map((g, i) => g || game.values[i])); }

  const rowOf = (i) => Math.floor(i / game.side);
  const colOf = (i) => i % game.side;
  const boxOf = (i) => Math.floor(rowOf(i) / game.order) * game.order + Math.floor(colOf(i) / game.order);

  // peers returns the cells that share a row, column or box with i.
  function peers(i) {
    const out = [];
    for (let j = 0; j < game.n; j++) {
      if (j !== i && (rowOf(j) === rowOf(i) || colOf(j) === colOf(i) || boxOf(j) === boxOf(i))) out.push(j);
    }
    return out;
  }

  // conflicts returns the cells whose value a peer holds too.
  function conflicts() {
    const bad = new Set();
    const seen = new Map();
    for (let i = 0; i < game.n; i++) {
      const v = value(i);
      if (!v) continue;
      for (const key of ['r' + rowOf(i), 'c' + colOf(i), 'b' + boxOf(i)]) {
        const k = key + ':' + v;
        if (seen.has(k)) { bad.add(i); bad.add(seen.get(k)); } else seen.set(k, i);
      }
    }
    return bad;
  }

  // candidates returns the bit set of values no peer of i holds.
  function candidates(i) {
    let m = 0;
    for (let v = 1; v <= game.side; v++) m |= 1 << v;
    for (const j of peers(i)) { const v = value(j); if (v) m &= ~(1 << v); }
    return m;
  }

  // ---- history -------------------------------------------------------

  function snapshot() {
    return {
      values: game.values.slice(), corner: game.corner.slice(),
      centre: game.centre.slice(), colour: game.colour.slice(),
      givens: game.entering ? game.givens.slice() : null,
      elims: game.elims.slice(),
    };
  }
  function restore(s) {
    game.values = s.values; game.corner = s.corner; game.centre = s.centre; game.colour = s.colour;
    if (s.givens) game.givens = s.givens;
    game.elims = s.elims;
  }
  // change runs fn as one undoable step, then saves and draws.
  function change(fn) {
    if (game.done || game.paused) return;
    const before = snapshot();
    fn();
    if (JSON.stringify(before) === JSON.stringify(snapshot())) return;
    ui.undo.push(before);
    if (ui.undo.length > MAX_UNDO) ui.undo.shift();
    ui.redo = [];
    afterChange();
  }
  function undo() {
    if (!ui.undo.length || game.done || game.paused) return;
    ui.redo.push(snapshot());
    restore(ui.undo.pop());
    afterChange();
  }
  function redo() {
    if (!ui.redo.length || game.done || game.paused) return;
    ui.undo.push(snapshot());
    restore(ui.redo.pop());
    afterChange();
  }
  function afterChange() {
    clearHint();
    checkDone();
    save();
    draw();
  }

  // ---- input ---------------------------------------------------------

  function editable(i) { return game.entering || !game.givens[i]; }

  // input applies value v to the selection in the given mode.
  function input(v, mode) {
    if (v < 1 || v > (mode === 'colour' ? 9 : game.side)) return;
    const cells = [...ui.sel];
    if (!cells.length) return;
    change(() => {
      if (mode === 'colour') {
        const all = cells.every((i) => game.colour[i] === v);
        for (const i of cells) game.colour[i] = all ? 0 : v;
        return;
      }
      const open = cells.filter(editable);
      if (mode === 'digit') {
        const arr = game.entering ? game.givens : game.values;
        const all = open.every((i) => arr[i] === v);
        for (const i of open) arr[i] = all ? 0 : v;
        if (!all && settings.auto && !game.entering) {
          for (const i of open) for (const j of peers(i)) game.centre[j] &= ~(1 << v);
        }
        return;
      }
      const marks = mode === 'corner' ? game.corner : game.centre;
      const blank = open.filter((i) => !value(i));
      const all = blank.every((i) => marks[i] & (1 << v));
      for (const i of blank) marks[i] = all ? marks[i] & ~(1 << v) : marks[i] | (1 << v);
    });
  }

  // erase clears the selection one layer at a time: digits, then marks,
  // then colours.
  function erase() {
    const cells = [...ui.sel];
    change(() => {
      const arr = game.entering ? game.givens : game.values;
      if (cells.some((i) => editable(i) && arr[i])) {
        for (const i of cells) if (editable(i)) arr[i] = 0;
      } else if (cells.some((i) => game.corner[i] || game.centre[i])) {
        for (const i of cells) { game.corner[i] = 0; game.centre[i] = 0; }
      } else {
        for (const i of cells) game.colour[i] = 0;
      }
    });
  }

  function setAuto(on) {
    settings.auto = on;
    writeJSON(SETTINGS, settings);
    if (on && !game.entering) {
      change(() => {
        for (let i = 0; i < game.n; i++) game.centre[i] = value(i) ? 0 : candidates(i);
      });
    }
    draw();
  }

  function setMode(m) {
    ui.mode = m;
    drawPad();
    for (const b of document.querySelectorAll('#modes button')) {
      b.setAttribute('aria-pressed', String(b.dataset.mode === m));
    }
  }

  function select(i, add) {
    if (!add) ui.sel.clear();
    ui.sel.add(i);
    ui.cursor = i;
    draw();
  }

  function move(dr, dc, add) {
    const s = game.side;
    const r = (rowOf(ui.cursor) + dr + s) % s, c = (colOf(ui.cursor) + dc + s) % s;
    select(r * s + c, add);
  }

  // keyValue returns the value a key press writes, or 0.
  function keyValue(e) {
    let m = /^(?:Digit|Numpad)([0-9])$/.exec(e.code);
    if (m) return Number(m[1]);
    m = /^Key([A-Z])$/.exec(e.code);
    if (m && game.side > 9) {
      const v = 10 + m[1].charCodeAt(0) - 65;
      if (v <= game.side) return v;
    }
    if (e.key.length === 1) {
      const v = symbolValue(e.key.toUpperCase());
      if (v > 0 && v <= Math.min(game.side, 9)) return v;
    }
    return 0;
  }

  function onKey(e) {
    if (!game || document.querySelector('dialog[open]')) return;
    const t = e.target;
    if (t && (t.tagName === 'INPUT' || t.tagName === 'TEXTAREA' || t.tagName === 'SELECT')) return;
    const ctrl = e.ctrlKey || e.metaKey;
    const key = e.key.length === 1 ? e.key.toLowerCase() : e.key;
    if (ctrl && key === 'z') { e.preventDefault(); if (e.shiftKey) redo(); else undo(); return; }
    if (ctrl && key === 'y') { e.preventDefault(); redo(); return; }
    if (ctrl && key === 'a') { e.preventDefault(); ui.sel = new Set(game.givens.keys()); draw(); return; }
    if (game.paused) return;
    const arrows = { ArrowUp: [-1, 0], ArrowDown: [1, 0], ArrowLeft: [0, -1], ArrowRight: [0, 1] };
    if (arrows[e.key]) {
      e.preventDefault();
      move(arrows[e.key][0], arrows[e.key][1], e.shiftKey || ctrl);
      return;
    }
    if (e.key === 'Escape') { ui.sel.clear(); draw(); return; }
    if (e.key === 'Delete' || e.key === 'Backspace' || e.code === 'Digit0' || e.code === 'Numpad0' || e.key === '.') {
      e.preventDefault(); erase(); return;
    }
    const v = keyValue(e);
    if (v) {
      e.preventDefault();
      let mode = ui.mode;
      if (ctrl) mode = 'centre'; else if (e.shiftKey && mode === 'digit') mode = 'corner';
      input(v, mode);
      return;
    }
    if (ctrl || e.altKey) return;
    if (key === 'h' && game.side <= 16) { hint(); return; }
    const modeKeys = { z: 'digit', x: 'corner', c: 'centre', v: 'colour' };
    if (modeKeys[key]) { setMode(modeKeys[key]); return; }
    if (key === ' ' && (t === board || t === document.body)) {
      e.preventDefault();
      setMode(MODES[(MODES.indexOf(ui.mode) + 1) % MODES.length]);
    }
  }

  // Pointer: press selects (Ctrl, Shift or Meta adds), dragging extends.
  function cellAt(e) {
    const el = document.elementFromPoint(e.clientX, e.clientY);
    const c = el && el.closest && el.closest('.cell');
    return c && board.contains(c) ? Number(c.dataset.i) : -1;
  }
  function onPointerDown(e) {
    const i = cellAt(e);
    if (i < 0 || game.paused) return;
    e.preventDefault();
    board.focus({ preventScroll: true });
    ui.dragging = true;
    const add = e.ctrlKey || e.metaKey || e.shiftKey;
    if (add && ui.sel.has(i) && !e.shiftKey) {
      ui.sel.delete(i);
      draw();
      return;
    }
    select(i, add);
  }
  function onPointerMove(e) {
    if (!ui.dragging) return;
    const i = cellAt(e);
    if (i >= 0 && !ui.sel.has(i)) select(i, true);
  }
  function onPointerUp() { ui.dragging = false; }
  function onDoubleClick(e) {
    const i = cellAt(e);
    if (i < 0) return;
    const v = value(i), c = game.colour[i];
    if (!v && !c) return;
    ui.sel = new Set();
    for (let j = 0; j < game.n; j++) if (v ? value(j) === v : game.colour[j] === c) ui.sel.add(j);
    ui.cursor = i;
    draw();
  }

  // ---- drawing -------------------------------------------------------

  function build() {
    board.textContent = '';
    board.style.setProperty('--side', game.side);
    ui.cells = [];
    for (let i = 0; i < game.n; i++) {
      const d = document.createElement('div');
      d.className = 'cell';
      d.id = 'c' + i;
      d.dataset.i = i;
      d.setAttribute('role', 'gridcell');
      const r = rowOf(i), c = colOf(i);
      if (c % game.order === game.order - 1) d.classList.add(c === game.side - 1 ? 'last-col' : 'br');
      if (r % game.order === game.order - 1) d.classList.add(r === game.side - 1 ? 'last-row' : 'bb');
      const v = document.createElement('span'); v.className = 'v';
      const cm = document.createElement('div'); cm.className = 'cm';
      const ce = document.createElement('div'); ce.className = 'ce';
      d.append(v, cm, ce);
      board.append(d);
      ui.cells.push({ el: d, v, cm, ce });
    }
    drawPad();
    const sel = $('size');
    if ([...sel.options].some((o) => Number(o.value) === game.order)) sel.value = String(game.order);
    $('level').disabled = sel.value !== '3';
  }

  function marksHTML(el, mask, hl, corner) {
    el.textContent = '';
    let count = 0;
    for (let v = 1; v <= game.side; v++) {
      if (!(mask & (1 << v))) continue;
      count++;
      const s = document.createElement('span');
      s.textContent = symbol(v);
      if (v === hl) s.className = 'hl';
      el.append(s);
    }
    if (!corner) el.classList.toggle('long', count > 5);
  }

  function draw() {
    if (!game) return;
    const cur = ui.cursor;
    const hv = value(cur);
    const bad = conflicts();
    const showWrong = settings.mistakes && game.solution && !game.entering;
    for (let i = 0; i < game.n; i++) {
      const c = ui.cells[i], v = value(i), cl = c.el.classList;
      c.v.textContent = v ? symbol(v) : '';
      marksHTML(c.cm, v ? 0 : game.corner[i], hv, true);
      const h = ui.hint && ui.hint.stage === 2 ? ui.hint : null;
      if (h && !v && (h.elim.has(i) || h.place.has(i))) {
        hintMarks(c.ce, i, h);
      } else {
        marksHTML(c.ce, v ? 0 : game.centre[i], hv, false);
      }
      cl.toggle('hint-region', !!(ui.hint && ui.hint.region.has(i)));
      cl.toggle('hint-cell', !!(h && h.cells.has(i)));
      cl.toggle('given', !!game.givens[i]);
      cl.toggle('sel', ui.sel.has(i));
      cl.toggle('peer', i !== cur && (rowOf(i) === rowOf(cur) || colOf(i) === colOf(cur) || boxOf(i) === boxOf(cur)));
      cl.toggle('same', !!hv && v === hv);
      cl.toggle('conflict', bad.has(i));
      cl.toggle('wrong', ui.mistakes.has(i) || !!(showWrong && game.values[i] && game.values[i] !== symbolValue(game.solution[i])));
      if (game.colour[i]) c.el.dataset.colour = game.colour[i]; else delete c.el.dataset.colour;
      let label = 'row ' + (rowOf(i) + 1) + ' column ' + (colOf(i) + 1) + ': ';
      label += v ? symbol(v) + (game.givens[i] ? ' given' : '') : 'blank';
      c.el.setAttribute('aria-label', label);
      c.el.setAttribute('aria-selected', String(ui.sel.has(i)));
    }
    board.setAttribute('aria-activedescendant', 'c' + cur);
    board.classList.toggle('solved', game.done);
    board.classList.toggle('paused-board', game.paused);
    $('paused').hidden = !game.paused;
    $('undo').disabled = !ui.undo.length;
    $('redo').disabled = !ui.redo.length;
    $('entering').hidden = !game.entering;
    $('auto').checked = settings.auto;
    $('mistakes').checked = settings.mistakes;
    $('title').textContent = game.info || '';
    $('print-info').textContent = game.info ? game.info + ' \u00b7 ' + puzzleLine() : puzzleLine();
    drawDownloads();
    drawPadCounts();
  }

  function drawPad() {
    const pad = $('pad');
    pad.textContent = '';
    const colour = ui.mode === 'colour';
    pad.classList.toggle('colour', colour);
    const count = colour ? 9 : game.side;
    pad.style.setProperty('--cols', String(count <= 4 ? 4 : Math.ceil(Math.sqrt(count))));
    for (let v = 1; v <= count; v++) {
      const b = document.createElement('button');
      b.type = 'button';
      b.dataset.v = v;
      if (colour) {
        b.className = 'swatch'; b.dataset.c = v; b.setAttribute('aria-label', 'colour ' + v);
        b.textContent = String(v);
      } else {
        b.textContent = symbol(v);
      }
      b.addEventListener('click', () => input(v, ui.mode));
      pad.append(b);
    }
    drawPadCounts();
  }

  // drawPadCounts dims the digits placed side times.
  function drawPadCounts() {
    if (ui.mode === 'colour' || !game) return;
    const count = new Array(game.side + 1).fill(0);
    for (let i = 0; i < game.n; i++) count[value(i)]++;
    for (const b of $('pad').children) b.classList.toggle('done', count[b.dataset.v] >= game.side);
  }

  function status(msg, kind) {
    const s = $('status');
    s.textContent = msg;
    s.className = kind || '';
  }

  // hintMarks shows a cell's candidates with the hint's eliminations struck
  // out and its placement marked.
  function hintMarks(el, i, h) {
    el.textContent = '';
    let mask = game.centre[i] || candidates(i) & ~eliminatedMask(i);
    const elim = h.elim.get(i) || new Set();
    for (const v of elim) mask |= 1 << v;
    let count = 0;
    for (let v = 1; v <= game.side; v++) {
      if (!(mask & (1 << v))) continue;
      count++;
      const s = document.createElement('span');
      s.textContent = symbol(v);
      if (elim.has(v)) s.className = 'elim';
      else if (h.place.get(i) === v) s.className = 'place';
      el.append(s);
    }
    el.classList.toggle('long', count > 5);
  }

  function drawDownloads() {
    const base = '/api/render?puzzle=' + encodeURIComponent(puzzleLine()) +
      (game.info ? '&caption=' + encodeURIComponent(game.info) : '');
    const ok = !game.entering;
    for (const [id, q] of [['dl-pdf', '&format=pdf'], ['dl-pdf-sol', '&format=pdf&solutions=1'], ['dl-svg', '&format=svg'], ['dl-png', '&format=png']]) {
      const a = $(id);
      if (ok) a.href = base + q; else a.removeAttribute('href');
    }
  }

  // makeSheet generates puzzles of the chosen size and level and has the
  // server lay them out as a PDF, several a page, solutions after.
  async function makeSheet() {
    const n = Math.max(1, Math.min(24, Number($('sheet-n').value) || 1));
    const order = Number($('size').value);
    const level = order === 3 ? $('level').value : '';
    const link = $('sheet-link');
    link.hidden = true;
    $('sheet-go').disabled = true;
    try {
      const puzzles = [], captions = [];
      for (let k = 0; k < n; k++) {
        status('Making puzzle ' + (k + 1) + ' of ' + n + '\u2026');
        const j = await api('generate', level ? { order, level } : { order });
        puzzles.push(j.puzzle);
        captions.push((j.level ? j.level + ' ' + j.er.toFixed(1) + ' \u00b7 ' : '') + j.clues + ' clues \u00b7 #' + j.seed);
      }
      const r = await fetch('/api/render', {
        method: 'POST', headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ puzzles, captions, format: 'pdf', per_page: Number($('sheet-per').value), solutions: $('sheet-sol').checked }),
      });
      if (!r.ok) throw new Error((await r.json().catch(() => ({}))).error || r.statusText);
      const blob = await r.blob();
      ui.sheet = blob;
      if (link.href) URL.revokeObjectURL(link.href);
      link.href = URL.createObjectURL(blob);
      link.hidden = false;
      link.textContent = 'sudoku-sheet.pdf (' + n + ' puzzles, ' + Math.round(blob.size / 1024) + ' KiB)';
      status('The sheet is ready: ' + n + ' puzzles.', 'good');
      link.click();
    } catch (err) {
      status('Could not make the sheet: ' + err.message, 'bad');
    } finally {
      $('sheet-go').disabled = false;
    }
  }

  // ---- hints ---------------------------------------------------------

  // cellIndex reads a cell name such as "r5c4".
  function cellIndex(name) {
    const m = /^r(\d+)c(\d+)/.exec(name);
    return m ? (Number(m[1]) - 1) * game.side + Number(m[2]) - 1 : -1;
  }
  // unitCells returns the cells of a unit named "row 3", "column 4", "box 5".
  function unitCells(name) {
    const m = /^(row|column|box) (\d+)$/.exec(name);
    const out = [];
    if (!m) return out;
    const k = Number(m[2]) - 1;
    for (let i = 0; i < game.n; i++) {
      if ((m[1] === 'row' && rowOf(i) === k) || (m[1] === 'column' && colOf(i) === k) || (m[1] === 'box' && boxOf(i) === k)) out.push(i);
    }
    return out;
  }

  function eliminatedMask(i) {
    let m = 0;
    for (const [c, v] of game.elims) if (c === i) m |= 1 << v;
    return m;
  }

  // eliminated lists the candidates the player has ruled out: those the
  // applied hints removed and, in a blank cell with centre marks (the
  // player's candidates there), every value missing from them.
  function eliminated() {
    const seen = new Set(), out = [];
    const add = (i, v) => { const k = i * 100 + v; if (!seen.has(k)) { seen.add(k); out.push([i, v]); } };
    for (const [i, v] of game.elims) if (!value(i)) add(i, v);
    for (let i = 0; i < game.n; i++) {
      if (value(i) || !game.centre[i]) continue;
      for (let v = 1; v <= game.side; v++) if (!(game.centre[i] & (1 << v))) add(i, v);
    }
    return out;
  }

  function showHint(text) {
    const el = $('hint-text');
    el.textContent = text;
    el.hidden = !text;
  }
  function clearHint() {
    ui.hint = null;
    ui.mistakes = new Set();
    showHint('');
  }

  // hint goes one stage further: the technique and region, then the cells
  // and candidates, then the step applied.
  async function hint() {
    if (!game || game.entering || game.done || game.paused) return;
    const h = ui.hint;
    if (h && h.stage === 1) {
      h.stage = 2;
      showHint(h.step.text + ' (' + h.step.name + ', ' + h.step.rating.toFixed(1) + ')');
      $('hint').textContent = 'Apply hint';
      draw();
      return;
    }
    if (h && h.stage === 2) { applyHint(h); return; }
    if (ui.hintBusy) return; // one request at a time
    ui.hintBusy = true;
    try {
      const j = await api('hint', { puzzle: puzzleLine(), grid: currentLine(), eliminated: eliminated() });
      if (j.status === 'solved') { showHint('The grid is solved.'); return; }
      if (j.status === 'mistakes') {
        ui.mistakes = new Set(j.mistakes.map((m) => m.cell));
        showHint('Fix these first: ' + j.mistakes.map((m) => m.text).join('; ') + '.');
        draw();
        return;
      }
      const st = j.step;
      const nh = { stage: 1, step: st, vague: j.vague, region: new Set(), cells: new Set(), elim: new Map(), place: new Map() };
      if (st.units && st.units.length) for (const i of unitCells(st.units[0])) nh.region.add(i);
      for (const c of st.cells || []) nh.cells.add(cellIndex(c));
      for (const e of st.eliminations || []) {
        const i = cellIndex(e), v = symbolValue(e.slice(-1)); // "r5c4<>7" (or "r5c4-7")
        if (!nh.elim.has(i)) nh.elim.set(i, new Set());
        nh.elim.get(i).add(v);
      }
      for (const p of st.placements || []) nh.place.set(cellIndex(p), symbolValue(p.slice(-1))); // "r5c4=7"
      ui.hint = nh;
      showHint(j.vague + '.');
      $('hint').textContent = 'More';
      draw();
    } catch (err) {
      showHint('No hint: ' + err.message);
    } finally {
      ui.hintBusy = false;
    }
  }

  function applyHint(h) {
    $('hint').textContent = 'Hint';
    change(() => {
      for (const [i, vs] of h.elim) {
        // A cell without centre marks gets its candidates written out, so
        // that the eliminations show.
        if (!game.centre[i] && !value(i)) game.centre[i] = candidates(i) & ~eliminatedMask(i);
        for (const v of vs) {
          game.elims.push([i, v]);
          game.centre[i] &= ~(1 << v);
          game.corner[i] &= ~(1 << v);
        }
      }
      for (const [i, v] of h.place) {
        game.values[i] = v;
        if (settings.auto) for (const j of peers(i)) game.centre[j] &= ~(1 << v);
      }
    });
  }

  async function explainAll() {
    if (!game || game.entering) return;
    const list = $('explain-steps');
    list.textContent = '';
    $('explain-summary').textContent = 'Working\u2026';
    $('explain-dialog').showModal();
    try {
      const j = await api('explain', { puzzle: puzzleLine(), grid: currentLine(), eliminated: eliminated() });
      if (j.status === 'mistakes') {
        $('explain-summary').textContent = 'Fix these first: ' + j.mistakes.map((m) => m.text).join('; ') + '.';
        return;
      }
      if (j.status === 'solved') { $('explain-summary').textContent = 'The grid is solved.'; return; }
      for (const st of j.steps) {
        const li = document.createElement('li');
        const r = document.createElement('span');
        r.className = 'r';
        r.textContent = '[' + st.rating.toFixed(1) + '] ';
        li.append(r, document.createTextNode(st.text));
        list.append(li);
      }
      let sum = j.steps.length + ' steps from here';
      if (j.rating) sum += '; hardest ' + j.rating.hardest + ' (' + j.rating.er.toFixed(1) + ', ' + j.rating.level + ')';
      if (j.stuck) sum += '. Then ' + j.stuck + '.';
      $('explain-summary').textContent = sum;
    } catch (err) {
      $('explain-summary').textContent = 'Cannot explain: ' + err.message;
    }
  }

  // rateInBackground adds the rating of an entered puzzle to its title.
  async function rateInBackground() {
    const g = game;
    if (g.order !== 3 || g.entering) return;
    try {
      const j = await api('rate', { puzzle: puzzleLine() });
      if (g === game) { g.info += ' \u00b7 ' + j.level + ' ' + j.er.toFixed(1); save(); draw(); }
    } catch (_) { /* unrated */ }
  }

  // ---- timer ---------------------------------------------------------

  function fmtTime(ms) {
    const t = Math.floor(ms / 1000), h = Math.floor(t / 3600), m = Math.floor(t / 60) % 60, s = t % 60;
    const ss = String(s).padStart(2, '0');
    return h ? h + ':' + String(m).padStart(2, '0') + ':' + ss : m + ':' + ss;
  }
  function tick() {
    const now = performance.now();
    if (game && !game.paused && !game.done && !game.entering && !document.hidden) {
      game.elapsed += now - ui.lastTick;
    }
    ui.lastTick = now;
    if (game) $('timer').textContent = fmtTime(game.elapsed);
  }
  function setPaused(p) {
    if (game.done) return;
    tick();
    game.paused = p;
    $('pause').textContent = p ? 'Resume' : 'Pause';
    save();
    draw();
    if (!p) board.focus({ preventScroll: true });
  }

  // ---- completion and checks -----------------------------------------

  function checkDone() {
    if (game.entering || game.done) return;
    for (let i = 0; i < game.n; i++) if (!value(i)) return;
    if (conflicts().size) { status('The grid is full but some digits clash.', 'bad'); return; }
    if (game.solution && currentLine() !== game.solution) { status('The grid is full but differs from the solution.', 'bad'); return; }
    tick();
    game.done = true;
    status('Solved in ' + fmtTime(game.elapsed) + '!', 'good');
  }

  // ---- server --------------------------------------------------------

  async function api(path, body) {
    let r;
    try {
      r = await fetch('/api/' + path, {
        method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body),
      });
    } catch (_) {
      throw new Error('the server cannot be reached (offline?): the game goes on, but new puzzles, hints and checks need it');
    }
    let j;
    try { j = await r.json(); } catch (_) { j = { error: r.status + ' ' + r.statusText }; }
    if (!r.ok) {
      const err = new Error(j.error || r.statusText);
      err.body = j;
      throw err;
    }
    return j;
  }

  async function generate(order) {
    const level = order === 3 ? $('level').value : '';
    status('Making a ' + (level ? level + ' ' : '') + order * order + 'x' + order * order + ' puzzle\u2026');
    $('new').disabled = true;
    try {
      const t0 = performance.now();
      const j = await api('generate', level ? { order, level } : { order });
      const ms = performance.now() - t0;
      start(newGame(order, j.puzzle, {
        solution: j.solution,
        info: j.order * j.order + 'x' + j.order * j.order + ' \u00b7 ' + j.clues + ' clues' +
          (j.level ? ' \u00b7 ' + j.level + ' ' + j.er.toFixed(1) : '') + ' \u00b7 #' + j.seed,
      }));
      document.body.dataset.generateMs = ms.toFixed(1);
      status('New puzzle: ' + j.clues + ' clues.');
    } catch (err) {
      status('Could not make a puzzle: ' + err.message, 'bad');
    } finally {
      $('new').disabled = false;
    }
  }

  // start begins playing g with a clean history.
  function start(g) {
    game = g;
    ui.undo = []; ui.redo = []; ui.sel = new Set([0]); ui.cursor = 0;
    clearHint();
    $('hint').textContent = 'Hint';
    if (!Array.isArray(game.elims)) game.elims = [];
    ui.lastTick = performance.now();
    $('pause').textContent = game.paused ? 'Resume' : 'Pause';
    build();
    if (settings.auto && !game.entering && !game.centre.some(Boolean)) {
      for (let i = 0; i < game.n; i++) game.centre[i] = value(i) ? 0 : candidates(i);
    }
    checkDone();
    save();
    draw();
    tick();
    if (!game.done) status('');
  }

  // ensureSolution asks the server for the solution of a game that has
  // none (a shared link or an entered puzzle), for checks.
  async function ensureSolution() {
    if (game.solution || game.entering) return;
    const g = game;
    try {
      const j = await api('solve', { puzzle: puzzleLine() });
      if (g === game) { g.solution = j.solution; save(); draw(); }
    } catch (_) { /* checks stay off for this puzzle */ }
  }

  // verdict turns a /api/check answer into a message and whether play can start.
  function verdict(j) {
    switch (j.status) {
      case 'unique': return { ok: true, msg: j.message };
      case 'conflict': return { ok: false, msg: 'The givens clash:\n' + j.conflicts.map((c) => c.text).join('\n') };
      case 'none': return { ok: false, msg: 'This puzzle has no solution.' };
      case 'multiple': return { ok: false, msg: 'This puzzle has more than one solution: add givens until one is left.' };
      case 'solved': return { ok: false, msg: 'This grid is already complete.' };
    }
    return { ok: false, msg: j.message || j.status };
  }

  async function pasteGo() {
    const text = $('paste').value;
    const msg = $('paste-msg');
    msg.className = 'msg';
    msg.textContent = 'Checking\u2026';
    try {
      const j = await api('check', { puzzle: text });
      const v = verdict(j);
      if (j.order > MAX_PLAY_ORDER) {
        msg.className = 'msg bad';
        msg.textContent = 'This page plays grids up to 25x25; use the API or the command for larger ones.';
        return;
      }
      if (!v.ok) { msg.className = 'msg bad'; msg.textContent = v.msg; return; }
      $('enter-dialog').close();
      const g = newGame(j.order, j.puzzle, { solution: j.solution, info: 'Your puzzle \u00b7 ' + j.givens + ' givens' });
      if (j.marks) {
        // Pencil marks pasted with the puzzle become centre marks.
        j.marks.forEach((m, i) => { for (const ch of m) g.centre[i] |= 1 << symbolValue(ch); });
      }
      start(g);
      status(v.msg, 'good');
      rateInBackground();
    } catch (err) {
      msg.className = 'msg bad';
      msg.textContent = err.message;
    }
  }

  function enterInGrid() {
    $('enter-dialog').close();
    const order = Number($('size').value);
    start(newGame(order, '', { entering: true, info: 'Entering a puzzle' }));
    status('Type the givens, then choose \u201cCheck and play\u201d.');
    board.focus();
  }

  async function enterDone() {
    try {
      const j = await api('check', { puzzle: puzzleLine() });
      const v = verdict(j);
      if (!v.ok) { status(v.msg, 'bad'); return; }
      start(newGame(j.order, j.puzzle, { solution: j.solution, info: 'Your puzzle \u00b7 ' + j.givens + ' givens' }));
      status(v.msg, 'good');
      rateInBackground();
    } catch (err) {
      status(err.message, 'bad');
    }
  }

  async function solve() {
    if (game.entering) return;
    try {
      await ensureSolution();
      if (!game.solution) {
        const j = await api('solve', { puzzle: puzzleLine() });
        game.solution = j.solution;
      }
      change(() => {
        for (let i = 0; i < game.n; i++) if (!game.givens[i]) game.values[i] = symbolValue(game.solution[i]);
      });
    } catch (err) {
      status('Cannot solve: ' + err.message, 'bad');
    }
  }

  // ---- share and storage ---------------------------------------------

  // marksParam writes non-empty marks as "cell:symbols" joined by ','.
  function marksParam(arr, isColour) {
    const out = [];
    arr.forEach((m, i) => {
      if (!m) return;
      if (isColour) { out.push(i + ':' + m); return; }
      let s = '';
      for (let v = 1; v <= game.side; v++) if (m & (1 << v)) s += symbol(v);
      out.push(i + ':' + s);
    });
    return out.join(',');
  }
  function parseMarks(s, n, isColour) {
    const arr = new Array(n).fill(0);
    if (!s) return arr;
    for (const part of s.split(',')) {
      const [a, b] = part.split(':');
      const i = Number(a);
      if (!Number.isInteger(i) || i < 0 || i >= n || !b) continue;
      if (isColour) { const c = Number(b); if (c >= 1 && c <= 9) arr[i] = c; continue; }
      let m = 0;
      for (const ch of b) { const v = symbolValue(ch); if (v) m |= 1 << v; }
      arr[i] = m;
    }
    return arr;
  }

  function shareURL() {
    // The fields hold only symbols, '.', ':' and ',': no escaping needed.
    const parts = ['p=' + puzzleLine()];
    if (game.values.some(Boolean)) parts.push('v=' + gridLine(game.values));
    const cm = marksParam(game.corner), ce = marksParam(game.centre), co = marksParam(game.colour, true);
    if (cm) parts.push('cm=' + cm);
    if (ce) parts.push('ce=' + ce);
    if (co) parts.push('co=' + co);
    return location.origin + location.pathname + '#' + parts.join('&');
  }

  // fromHash returns the game in the address, or null.
  function fromHash() {
    if (!location.hash || location.hash.length < 3) return null;
    const q = new URLSearchParams(location.hash.slice(1));
    const p = q.get('p');
    if (!p) return null;
    const side = Math.round(Math.sqrt(p.length)), order = Math.round(Math.sqrt(side));
    if (order < 2 || order > MAX_PLAY_ORDER || order * order * side !== p.length) return null;
    const g = newGame(order, p, { info: 'Shared puzzle' });
    const v = q.get('v') || '';
    for (let i = 0; i < g.n; i++) if (!g.givens[i]) g.values[i] = symbolValue(v[i] || '.');
    g.corner = parseMarks(q.get('cm'), g.n);
    g.centre = parseMarks(q.get('ce'), g.n);
    g.colour = parseMarks(q.get('co'), g.n, true);
    return g;
  }

  async function share() {
    const url = shareURL();
    const box = $('share-url');
    box.value = url;
    box.hidden = false;
    box.select();
    try {
      await navigator.clipboard.writeText(url);
      status('Link copied: it holds the puzzle, your digits and marks.', 'good');
    } catch (_) {
      status('Copy the link below: it holds the puzzle, your digits and marks.');
    }
  }

  function save() {
    if (!game) return;
    try { localStorage.setItem(STORE, JSON.stringify(game)); } catch (_) { /* storage full or off */ }
  }
  function load() {
    const g = readJSON(STORE);
    if (!g || !g.order || g.order > MAX_PLAY_ORDER || !Array.isArray(g.givens) || g.givens.length !== g.n) return null;
    for (const k of ['values', 'corner', 'centre', 'colour']) if (!Array.isArray(g[k]) || g[k].length !== g.n) return null;
    return g;
  }
  function readJSON(key) {
    try { return JSON.parse(localStorage.getItem(key)); } catch (_) { return null; }
  }
  function writeJSON(key, v) {
    try { localStorage.setItem(key, JSON.stringify(v)); } catch (_) { /* ignore */ }
  }

  // ---- wiring --------------------------------------------------------

  function init() {
    document.addEventListener('keydown', onKey);
    board.addEventListener('pointerdown', onPointerDown);
    board.addEventListener('pointermove', onPointerMove);
    window.addEventListener('pointerup', onPointerUp);
    window.addEventListener('pointercancel', onPointerUp);
    board.addEventListener('dblclick', onDoubleClick);
    for (const b of document.querySelectorAll('#modes button')) b.addEventListener('click', () => setMode(b.dataset.mode));
    $('new').addEventListener('click', () => generate(Number($('size').value)));
    $('enter').addEventListener('click', () => {
      $('paste-msg').textContent = '';
      $('enter-dialog').showModal();
      $('paste').focus();
    });
    $('paste-go').addEventListener('click', pasteGo);
    $('paste-grid').addEventListener('click', enterInGrid);
    $('enter-done').addEventListener('click', enterDone);
    $('enter-cancel').addEventListener('click', () => generate(Number($('size').value)));
    $('undo').addEventListener('click', undo);
    $('redo').addEventListener('click', redo);
    $('erase').addEventListener('click', erase);
    $('auto').addEventListener('change', (e) => setAuto(e.target.checked));
    $('mistakes').addEventListener('change', (e) => {
      settings.mistakes = e.target.checked;
      writeJSON(SETTINGS, settings);
      if (settings.mistakes) ensureSolution();
      draw();
    });
    $('solve').addEventListener('click', solve);
    $('hint').addEventListener('click', hint);
    $('sheet-go').addEventListener('click', makeSheet);
    $('explain').addEventListener('click', explainAll);
    $('size').addEventListener('change', () => { $('level').disabled = $('size').value !== '3'; });
    $('share').addEventListener('click', share);
    $('print').addEventListener('click', () => window.print());
    $('pause').addEventListener('click', () => setPaused(!game.paused));
    $('resume').addEventListener('click', () => setPaused(false));
    document.addEventListener('visibilitychange', tick);
    $('level').disabled = $('size').value !== '3';
    ui.ticking = setInterval(tick, 250);

    const shared = fromHash();
    if (shared) {
      history.replaceState(null, '', location.pathname + location.search);
      start(shared);
      ensureSolution();
      status('Shared puzzle loaded.');
    } else {
      const saved = load();
      if (saved) {
        start(saved);
        if (settings.mistakes) ensureSolution();
      } else {
        generate(3);
      }
    }
    board.focus({ preventScroll: true });
    if ('serviceWorker' in navigator) navigator.serviceWorker.register('/sw.js').catch(() => { /* online only */ });
    performance.mark('sudoku-ready');
    document.body.dataset.ready = '1';
  }

  // A small window onto the state for tests and the console.
  window.sudokuApp = {
    state: () => game && { order: game.order, puzzle: puzzleLine(), grid: currentLine(), values: gridLine(game.values),
      corner: marksParam(game.corner), centre: marksParam(game.centre), colour: marksParam(game.colour, true),
      done: game.done, paused: game.paused, entering: game.entering, mode: ui.mode,
      selection: [...ui.sel], solution: game.solution, undo: ui.undo.length, info: game.info,
      hint: ui.hint && { stage: ui.hint.stage, text: ui.hint.step.text, vague: ui.hint.vague } },
    shareURL: () => shareURL(),
    sheet: () => ui.sheet, // the last sheet made, a Blob
  };

  init();
})();
