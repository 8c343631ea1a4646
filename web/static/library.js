// The puzzle library panel, shown when the server has a library (serve
// -library): search it by every filter of the API (ER, EP and ED ranges,
// level, technique used, hardest step, clues, symmetry, order, variant
// kind, source, tag), a page at a time, and play a puzzle of any order or
// variant from it (through the share link of the puzzle, with its rules,
// so it starts as a new game); a variant is listed with a thumbnail of
// its rules. libraryDaily draws the daily puzzle from it.

import { thumbnail } from './board.js';
import { newGame } from './game.js';
import { lang, t } from './i18n.js';
import { techIDName } from './steps.js';

const words = {
  en: {
    library: 'Puzzle library', er: 'ER', level: 'Level', any: 'any', technique: 'Technique used',
    hardest: 'Hardest step', clues: 'Clues', search: 'Search', play: 'Play', prev: 'Previous', next: 'Next',
    ep: 'EP', ed: 'ED', symmetry: 'Symmetry', source: 'Source', tag: 'Tag', order: 'Size', variant: 'Variant',
    unrated: 'not rated', noPlay: 'This page plays classic puzzles only',
    found: '{0} puzzles; page {1} of {2}', none: 'No puzzle matches.', from: 'Library #{0}',
  },
  zh: {
    library: '题库', er: '难度 ER', level: '级别', any: '任意', technique: '用到的技巧',
    hardest: '最难的一步', clues: '提示数', search: '搜索', play: '玩', prev: '上一页', next: '下一页',
    ep: '难度 EP', ed: '难度 ED', symmetry: '对称', source: '来源', tag: '标签', order: '大小', variant: '变体',
    unrated: '未评级', noPlay: '本页面只能玩标准数独',
    found: '共 {0} 题；第 {1} / {2} 页', none: '没有符合的题目。', from: '题库 #{0}',
  },
};

// ZH_NAMES are the Chinese names of the symmetries and variant kinds the
// filters offer (the values sent stay the API's ids).
const ZH_NAMES = {
  none: '无', central: '中心对称', rotational: '90°旋转对称', 'mirror-lr': '左右对称', 'mirror-tb': '上下对称',
  diagonal: '对角线', antidiagonal: '副对角线对称', diagonals: '双对角线对称', full: '全对称',
  classic: '标准', jigsaw: '锯齿', latin: '拉丁方', 'rectangular-boxes': '矩形宫', windoku: '窗口',
  disjoint: '同位', region: '额外区域', antiknight: '无马步', antiking: '无王步', nonconsecutive: '无连续',
  killer: '杀手', littlekiller: '小杀手', thermo: '温度计', arrow: '箭头', kropki: '黑白点',
  'kropki-negative': '黑白点（反向）', xv: 'XV', 'xv-negative': 'XV（反向）', parity: '奇偶',
  whisper: '德国低语线', renban: '连续线', palindrome: '回文线', sandwich: '三明治',
  regionsum: '区域和线', entropic: '熵线', modular: '模三线', lockout: '锁定线', zipper: '拉链线',
  between: '区间线', nabner: '非邻线', doublearrow: '双箭头', tenline: '十和线',
  quadruple: '四格提示', xsum: 'X和', skyscraper: '摩天楼', extremum: '极小极大格', clone: '克隆',
  indexer: '索引格', marks: '给定候选数',
};

// named shows an id of the API (a symmetry, a variant kind) in the page's
// language.
const named = (id) => (lang === 'zh' && ZH_NAMES[id]) || id;

function w(key, ...args) {
  const table = words[lang] || words.en;
  return (table[key] || words.en[key]).replace(/\{(\d)\}/g, (_, i) => String(args[Number(i)]));
}

const LEVELS = ['easy', 'medium', 'hard', 'expert', 'extreme'];
// SYMMETRIES are generate.SymmetryNames but none (which every puzzle keeps).
const SYMMETRIES = ['central', 'rotational', 'mirror-lr', 'mirror-tb', 'diagonal', 'antidiagonal', 'diagonals', 'full'];
const PER = 10;
// ORDERS are the box sizes of the order filter, each with its grid.
const ORDERS = [2, 3, 4, 5, 6, 7, 8];

// get fetches a GET endpoint of the library API; it returns null when the
// server has none (404) and throws with the server's message otherwise.
async function get(path, params) {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) if (v !== '' && v != null) q.set(k, v);
  const r = await fetch('/api/library' + path + '?' + q);
  if (r.status === 404) return null;
  const j = await r.json().catch(() => ({ error: r.status + ' ' + r.statusText }));
  if (!r.ok) throw new Error(j.error || r.statusText);
  return j;
}

// libraryDaily returns the day's puzzle of a level from the server's
// library ({puzzle, solution, er, level, id}), or null when the server
// has no library or no puzzle of the level (then the page generates one).
export async function libraryDaily(day, level) {
  try {
    return await get('/daily', { day, level });
  } catch (_) {
    return null;
  }
}

function el(tag, props = {}, ...kids) {
  const e = Object.assign(document.createElement(tag), props);
  for (const k of kids) e.append(k);
  return e;
}

// playEntry starts a game of the entry through its share link.
function playEntry(e) {
  if (e.rules) {
    const r = Object.assign({}, e.rules);
    const p = typeof r.grid === 'string' ? r.grid : e.puzzle;
    delete r.grid;
    location.hash = ['p=' + p, 'r=' + encodeURIComponent(JSON.stringify(r)), 't=' + encodeURIComponent(w('from', e.id))].join('&');
    return;
  }
  const parts = ['p=' + e.puzzle, 't=' + encodeURIComponent(w('from', e.id) + ' · ER ' + e.er.toFixed(1)), 'lv=' + e.level];
  location.hash = parts.join('&');
}

// variantThumb draws a variant entry's rules and givens small, or null.
function variantThumb(e) {
  if (!e.rules || typeof e.rules.grid !== 'string') return null;
  try {
    const svg = thumbnail(newGame(0, e.rules.grid, { rules: e.rules }), 72);
    Object.assign(svg.style, { float: 'left', marginRight: '.5rem' });
    return svg;
  } catch (_) {
    return null;
  }
}

// panel builds the library panel and returns it; kinds are the variant
// kinds the server's search takes.
function panel(kinds) {
  const er = el('input', { id: 'lib-er', placeholder: '6.0-7.0', size: 8 });
  const ep = el('input', { id: 'lib-ep', placeholder: '1.2-', size: 8 });
  const ed = el('input', { id: 'lib-ed', placeholder: '-2.5', size: 8 });
  const level = el('select', { id: 'lib-level' }, el('option', { value: '', textContent: w('any') }),
    ...LEVELS.map((l) => el('option', { value: l, textContent: t(l) })));
  const technique = el('input', { id: 'lib-technique', placeholder: 'xy-wing', size: 14 });
  const hardest = el('input', { id: 'lib-hardest', placeholder: 'forcing-chain', size: 14 });
  const clues = el('input', { id: 'lib-clues', placeholder: '17-24', size: 6 });
  const symmetry = el('select', { id: 'lib-symmetry' }, el('option', { value: '', textContent: w('any') }),
    ...SYMMETRIES.map((s) => el('option', { value: s, textContent: named(s) })));
  const order = el('select', { id: 'lib-order' }, el('option', { value: '', textContent: w('any') }),
    ...ORDERS.map((n) => el('option', { value: String(n), textContent: `${n * n}x${n * n}` })));
  const variant = el('select', { id: 'lib-variant' }, el('option', { value: '', textContent: w('any') }),
    ...kinds.map((k) => el('option', { value: k, textContent: named(k) })));
  const source = el('input', { id: 'lib-source', size: 12 });
  const tag = el('input', { id: 'lib-tag', size: 8 });
  const go = el('button', { id: 'lib-search', type: 'button', textContent: w('search') });
  const status = el('p', { id: 'lib-status', className: 'lib-status' });
  const list = el('ol', { id: 'lib-list', className: 'lib-list' });
  const prev = el('button', { id: 'lib-prev', type: 'button', textContent: w('prev'), disabled: true });
  const next = el('button', { id: 'lib-next', type: 'button', textContent: w('next'), disabled: true });
  const label = (text, input) => {
    const l = el('label', {}, text + ' ', input);
    Object.assign(l.style, { display: 'inline-block', marginRight: '.6rem', marginBottom: '.3rem' });
    return l;
  };
  let page = 1;

  async function search() {
    status.textContent = '';
    list.textContent = '';
    try {
      const j = await get('', {
        er: er.value.trim(), ep: ep.value.trim(), ed: ed.value.trim(), level: level.value,
        technique: technique.value.trim(), hardest: hardest.value.trim(), clues: clues.value.trim(),
        symmetry: symmetry.value, order: order.value, variant: variant.value,
        source: source.value.trim(), tag: tag.value.trim(), page, per: PER,
      });
      if (!j) return;
      const pages = Math.max(1, Math.ceil(j.total / j.per));
      status.textContent = j.total ? w('found', j.total, j.page, pages) : w('none');
      for (const e of j.entries) {
        const play = el('button', { type: 'button', textContent: w('play') });
        if (e.variant && !e.rules) {
          // A variant without its rules cannot be played.
          Object.assign(play, { disabled: true, title: w('noPlay') });
        } else {
          play.addEventListener('click', () => playEntry(e));
        }
        const thumb = e.rules ? variantThumb(e) : null;
        const code = el('code', { textContent: e.puzzle });
        // The page's style sheet is not ours: the few rules here (CSSOM, which the CSP allows).
        Object.assign(code.style, { display: 'block', fontSize: '.72rem', overflowWrap: 'anywhere' });
        const facts = [e.rated ? `ER ${e.er.toFixed(1)} ${t(e.level)}` : w('unrated')];
        if (e.rated) facts.push(techIDName(e.hardest));
        if (e.size !== 9) facts.push(`${e.size}x${e.size}`);
        if (e.variant) facts.push(e.variant.map(named).join('+'));
        facts.push(String(e.clues), named(e.symmetry));
        list.append(el('li', {}, ...(thumb ? [thumb] : []), code, facts.join(' · ') + ' ', play));
      }
      prev.disabled = page <= 1;
      next.disabled = page >= pages;
    } catch (err) {
      status.textContent = err.message;
    }
  }
  go.addEventListener('click', () => { page = 1; search(); });
  const fields = [er, ep, ed, level, technique, hardest, clues, symmetry, order, variant, source, tag];
  for (const f of fields) {
    f.addEventListener('keydown', (ev) => { if (ev.key === 'Enter') { ev.preventDefault(); page = 1; search(); } });
  }
  prev.addEventListener('click', () => { page--; search(); });
  next.addEventListener('click', () => { page++; search(); });
  const box = el('details', { className: 'library', id: 'library' },
    el('summary', { textContent: w('library') }),
    el('div', { className: 'lib-form' }, label(w('er'), er), label(w('ep'), ep), label(w('ed'), ed),
      label(w('level'), level), label(w('technique'), technique), label(w('hardest'), hardest),
      label(w('clues'), clues), label(w('symmetry'), symmetry), label(w('order'), order), label(w('variant'), variant),
      label(w('source'), source), label(w('tag'), tag), go),
    status, list, el('div', { className: 'lib-pager' }, prev, next));
  box.addEventListener('toggle', () => { if (box.open && !list.children.length) search(); });
  return box;
}

// init adds the panel to the controls when the server has a library.
async function init() {
  let j;
  try {
    j = await get('', { per: 1 });
  } catch (_) {
    return;
  }
  if (!j) return;
  const at = document.querySelector('section.controls') || document.body;
  at.append(panel(j.kinds || []));
}

init();
