// The technique guide: a short page per technique, reached from a hint and
// from the list of steps: what the technique is (in the page's language),
// an example from our own logic drawn on a small grid as a hint's second
// stage draws it (guide.json, made by TestGuideExamples from the logic
// package's golden files), and the example step's rating on Sudoku
// Explainer's scale.

import { Board } from './board.js';
import { newGame } from './game.js';
import { symbolValue } from './grid.js';
import { hintOf } from './hints.js';
import { t, lang } from './i18n.js';
import { techName, sentence } from './steps.js';

// FAMILY groups the techniques that one text explains.
const FAMILY = {
  'direct-pointing': 'direct', 'direct-hidden-pair': 'direct', 'direct-hidden-triple': 'direct',
  'naked-pair': 'naked', 'naked-triple': 'naked', 'naked-quad': 'naked',
  'hidden-pair': 'hidden', 'hidden-triple': 'hidden', 'hidden-quad': 'hidden',
  'x-wing': 'fish', swordfish: 'fish', jellyfish: 'fish', 'finned-fish': 'fish',
  'turbot-fish': 'links', '3-strong-links': 'links', '4-strong-links': 'links',
  'xy-wing': 'wing', 'xyz-wing': 'wing', 'wxyz-wing': 'wing', 'vwxyz-wing': 'wing', 'uvwxyz-wing': 'wing',
  'tuvwxyz-wing': 'wing', 'w-wing': 'wing',
  'unique-rectangle': 'unique', bug: 'unique',
  'aligned-pair-exclusion': 'aligned', 'aligned-triplet-exclusion': 'aligned',
  'x-chain': 'chain', 'xy-chain': 'chain', 'forcing-chain': 'chain', 'cell-region-forcing-chain': 'chain',
  nishio: 'forcing', 'multiple-forcing-chain': 'forcing', 'dynamic-forcing-chain': 'forcing',
  'dynamic-forcing-chain-plus': 'forcing', 'nested-forcing-chain': 'forcing', 'dynamic-chain': 'forcing',
  'dynamic-chain-plus': 'forcing', 'nested-dynamic-chain': 'forcing',
};

// TEXT says what each technique or family is, in English and Chinese.
const TEXT = {
  'full-house': {
    en: 'A row, column or box has one blank cell left: it takes the one digit missing there.',
    zh: '某行、列或宫只剩一个空格：它就填这个单元里缺的那个数字。',
  },
  'hidden-single': {
    en: 'In a row, column or box a digit fits in only one cell: it goes there, whatever else that cell could hold.',
    zh: '在某行、列或宫里，某个数字只能放在一个格子里：它就填在那里，不管那个格子还能填什么。',
  },
  'naked-single': {
    en: 'A cell has one candidate left: every other digit is already in its row, column or box.',
    zh: '一个格子只剩一个候选数：其他数字都已经出现在它的行、列或宫里。',
  },
  intersection: {
    en: 'Pointing: in a box a digit lies only in one row (or column), so it goes from the rest of that row. Claiming: in a row (or column) it lies only in one box, so it goes from the rest of that box.',
    zh: '区块：在一个宫里，某数字只出现在同一行（或列），就从这一行的其他格子删去它；在一行（或列）里只出现在同一宫，就从这个宫的其他格子删去它。',
  },
  direct: {
    en: 'A pointing line, hidden pair or hidden triple used only when its eliminations at once leave a single, so the step places a digit.',
    zh: '区块、隐性数对或隐性三数组，只在它删去候选数后立刻留下唯一数时使用，所以这一步直接填入一个数字。',
  },
  naked: {
    en: 'N cells of one unit hold only N digits between them (a pair: two cells with the same two candidates), so those digits go from the other cells of the unit.',
    zh: '同一单元里有 N 个格子，它们的候选数合起来只有 N 个数字（数对：两个格子都只有同样两个候选数），所以这些数字从该单元的其他格子删去。',
  },
  hidden: {
    en: 'N digits of one unit fit only in the same N cells, so those cells hold nothing else: their other candidates go.',
    zh: '同一单元里有 N 个数字只能放在同样的 N 个格子里，所以这些格子不能再填别的数字：删去它们的其他候选数。',
  },
  fish: {
    en: 'In N rows a digit lies only in the same N columns (X-Wing 2, Swordfish 3, Jellyfish 4), so in those columns it must be in those rows: it goes from the rest of the columns (or the same with rows and columns swapped).',
    zh: '某数字在 N 行里都只出现在同样的 N 列中（X 翼 2、剑鱼 3、水母 4），所以这些列里的它必在这些行上：从这些列的其他格子删去它（行列互换亦然）。',
  },
  links: {
    en: 'A unit where a digit has only two places is a strong link: one of them holds it. Two to four strong links joined by cells that see each other (Skyscraper, 2-String Kite, Turbot Fish, Empty Rectangle) prove that one end of the chain holds the digit, so a cell that sees both ends loses it.',
    zh: '某数字在一个单元里只有两个位置，就是一条强链：二者必居其一。两到四条强链由互相看得见的格子连起来（摩天楼、双线风筝、多宝鱼、空矩形），证明链的两端至少有一个是这个数字，所以同时看见两端的格子删去它。',
  },
  wing: {
    en: 'A pivot cell and its pincers hold few candidates between them (XY-Wing: pivot XY, pincers XZ and YZ): whatever the pivot holds, one of the cells holds Z, so Z goes from every cell that sees all the cells with Z.',
    zh: '一个枢纽格和几个钳子格的候选数很少（XY 翼：枢纽 XY，钳子 XZ 和 YZ）：无论枢纽填什么，总有一格是 Z，所以能看见所有含 Z 格子的格子删去 Z。',
  },
  unique: {
    en: 'A puzzle with one solution never has a deadly pattern (the four cells of a rectangle in two boxes with the same two candidates, which could swap). A choice that would leave one is impossible, so a candidate goes or a digit is placed (Unique Rectangle; BUG: every blank cell with two candidates).',
    zh: '只有唯一解的题目不会出现致命结构（占两个宫的矩形四格都只有同样两个候选数，可以互换）。会留下这种结构的选择不可能成立，于是删去候选数或填入数字（唯一矩形；全双值坟墓：每个空格都只有两个候选数）。',
  },
  aligned: {
    en: 'Two (or three) cells that see the same cells: a combination of their values that would empty a cell they all see is impossible; a candidate in no possible combination goes.',
    zh: '两个（或三个）格子共同看见一些格子：会让某个共同看见的格子没有候选数的取值组合不可能成立；不在任何可能组合里的候选数删去。',
  },
  chain: {
    en: 'From a candidate, alternate strong links (if this is not X, that is X) and weak links (if this is X, that is not). If it being true and it being false lead to the same conclusion, or one of them to a contradiction, the conclusion holds.',
    zh: '从一个候选数出发，交替使用强链（这里不是 X，那里就是 X）和弱链（这里是 X，那里就不是）。若它为真和为假得到同样的结论，或其中一种导致矛盾，结论就成立。',
  },
  forcing: {
    en: 'Suppose a candidate true (or false) and follow every consequence: singles and, in the dynamic and nested kinds, further chains. A contradiction proves the opposite; a conclusion that follows from every candidate of a cell or unit holds. The hardest steps on the scale.',
    zh: '假设某候选数为真（或假），追踪所有推论：唯一数，以及动态和嵌套强制链中的更多链。出现矛盾就证明相反的情况；从某格或某单元的每个候选数都能推出的结论必然成立。这是难度表上最难的步骤。',
  },
  'als-xz': {
    en: 'Two almost locked sets (N cells with N+1 candidates) share a digit X whose cells in both sets see each other, so one set is locked: a digit Z of both goes from every cell that sees all the cells with Z in both sets.',
    zh: '两个几乎锁定集（N 个格子有 N+1 个候选数）共有一个数字 X，两集中含 X 的格子互相看见，所以其中一集被锁定：两集都有的数字 Z 从能看见两集所有含 Z 格子的格子里删去。',
  },
};

// about returns what technique id is, in the page's language.
export function about(id) {
  const x = TEXT[id] || TEXT[FAMILY[id]];
  return x ? x[lang] || x.en : '';
}

let examples = null;
let board = null;

// loadExamples fetches guide.json once.
function loadExamples() {
  if (!examples) examples = fetch('guide.json').then((r) => r.json()).catch(() => ({}));
  return examples;
}

const $ = (id) => document.getElementById(id);

// showGuide opens the guide of the technique of step st (an API step).
export async function showGuide(st) {
  const d = $('guide-dialog');
  $('guide-heading').textContent = techName(st);
  $('guide-text').textContent = about(st.technique);
  $('guide-step').textContent = '';
  $('guide-rating').textContent = '';
  $('guide-board').hidden = true;
  if (!d.open) d.showModal();
  const ex = (await loadExamples())[st.technique];
  if (!ex) { $('guide-step').textContent = t('noExample'); return; }
  const g = newGame(ex.order, ex.puzzle);
  for (let i = 0; i < g.givens.length; i++) {
    if (!g.givens[i]) g.values[i] = symbolValue(ex.grid[i]);
    if (!g.givens[i] && !g.values[i]) g.centre[i] = ex.cands[i];
  }
  const h = hintOf(ex.order, ex.step, '');
  h.stage = 2;
  if (!board) board = new Board($('guide-board'), 'gc');
  $('guide-board').hidden = false;
  board.draw(g, { sel: new Set(), cursor: -1, hint: h, mistakes: new Set(), settings: { clashes: false, mistakes: false, auto: false } });
  $('guide-step').textContent = t('example') + (lang === 'zh' ? '' : ' ') + sentence(ex.step, ex.order);
  $('guide-rating').textContent = t('exampleRating', ex.step.rating.toFixed(1));
}
