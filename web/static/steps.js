// The sentences of hints and steps in the page's language, built from a
// step's structured data (technique, name, "at": cells, candidates,
// units, placements, eliminations as indexes; a chain's links), never by
// translating the server's English sentence. English keeps the server's
// own sentence, which its templates already build from the same data.

import { t, lang } from './i18n.js';
import { geometry, symbol } from './grid.js';

const ZH_TECH = {
  'full-house': '唯余空格', 'hidden-single': '隐性唯一数', 'direct-pointing': '直接区块',
  'direct-hidden-pair': '直接隐性数对', 'naked-single': '显性唯一数', 'direct-hidden-triple': '直接隐性三数组',
  intersection: '区块排除', 'naked-pair': '显性数对', 'x-wing': 'X 翼', 'hidden-pair': '隐性数对',
  'naked-triple': '显性三数组', swordfish: '剑鱼', 'hidden-triple': '隐性三数组', 'turbot-fish': '多宝鱼',
  'xy-wing': 'XY 翼', 'xyz-wing': 'XYZ 翼', 'unique-rectangle': '唯一矩形', 'naked-quad': '显性四数组',
  jellyfish: '水母', 'hidden-quad': '隐性四数组', '3-strong-links': '三强链鱼', 'wxyz-wing': 'WXYZ 翼',
  bug: '全双值坟墓（BUG）', '4-strong-links': '四强链鱼', 'vwxyz-wing': 'VWXYZ 翼',
  'aligned-pair-exclusion': '对齐数对排除', 'uvwxyz-wing': 'UVWXYZ 翼', 'forcing-chain': '强制链与环',
  'tuvwxyz-wing': 'TUVWXYZ 翼', 'aligned-triplet-exclusion': '对齐三数组排除', nishio: '尼什欧强制链',
  'multiple-forcing-chain': '多重强制链', 'dynamic-forcing-chain': '动态强制链',
  'dynamic-forcing-chain-plus': '动态强制链（+）', 'nested-forcing-chain': '嵌套强制链', 'finned-fish': '鳍鱼',
  'w-wing': 'W 翼', 'als-xz': 'ALS-XZ', 'x-chain': 'X 链', 'xy-chain': 'XY 链',
  'cell-region-forcing-chain': '格与区域强制链', 'dynamic-chain': '动态链', 'dynamic-chain-plus': '动态链（+）',
  'nested-dynamic-chain': '嵌套动态链',
};

// ZH_NAME names the variants a step may name besides its technique's.
const ZH_NAME = {
  Pointing: '区块（宫对行列）', Claiming: '区块（行列对宫）', Skyscraper: '摩天楼', '2-String Kite': '双线风筝',
  'Empty Rectangle': '空矩形', 'Turbot Fish': '多宝鱼',
};

// techName names the step's technique.
export function techName(step) {
  if (lang !== 'zh') return step.name;
  return ZH_NAME[step.name] || ZH_TECH[step.technique] || step.name;
}

// techIDName names a technique by its id (hidden-single, xy-wing) in the
// page's language: the id itself in English, as the CLI and the API say it.
export const techIDName = (id) => (lang === 'zh' && ZH_TECH[id]) || id;

// unitName names a unit {kind, index}: "box 5", "第5宫".
export const unitName = (u) => t(u.kind, u.index + 1);

const join = (xs) => xs.join(lang === 'zh' ? '、' : ', ');

// vague is the first stage of a hint: the technique and the region.
export function vague(step, serverVague) {
  if (lang !== 'zh') return serverVague + '.';
  const u = step.at.units[0];
  return (u ? '在' + unitName(u) + '中' : '') + '找一找' + techName(step) + '。';
}

// sentence is the second stage: why the step holds and what it does.
export function sentence(step, order) {
  if (lang !== 'zh') return step.text + ' (' + step.name + ', ' + step.rating.toFixed(1) + ')';
  const geo = geometry(order);
  const at = step.at, u = at.units[0];
  const [pc, pv] = at.placements[0] || [];
  let s;
  if (step.technique === 'hidden-single' && u && at.placements.length) {
    s = '在' + unitName(u) + '中，' + symbol(pv) + ' 只能填在 ' + geo.name(pc) + '，所以 ' + geo.name(pc) + ' = ' + symbol(pv);
  } else if (step.technique === 'naked-single' && at.placements.length) {
    s = geo.name(pc) + ' 只剩一个候选数 ' + symbol(pv) + '，所以 ' + geo.name(pc) + ' = ' + symbol(pv);
  } else if (step.technique === 'full-house' && u && at.placements.length) {
    s = unitName(u) + '只剩 ' + geo.name(pc) + ' 一个空格，所以 ' + geo.name(pc) + ' = ' + symbol(pv);
  } else if (step.chain) {
    s = chainZh(step, geo);
  } else {
    s = generalZh(step, geo);
  }
  return s + '（' + techName(step) + '，' + step.rating.toFixed(1) + '）';
}

// generalZh words any step from its cells, units and candidates, named
// first unless unnamed.
function generalZh(step, geo, unnamed) {
  const at = step.at;
  let s = unnamed ? '' : techName(step) + '：';
  if (at.units.length) s += '看' + join(at.units.map(unitName));
  if (at.cells.length) s += (at.units.length ? '中的 ' : '看 ') + join(at.cells.map(geo.name));
  const used = [...new Set(at.candidates.map(([, v]) => v))].sort((a, b) => a - b);
  if (used.length) s += '（用到候选数 ' + join(used.map(symbol)) + '）';
  return s + '，所以' + conclusionZh(at, geo);
}

// conclusionZh says what a step does: "r4c4 = 7；从 r5c5 删去 1、2".
function conclusionZh(at, geo) {
  const out = [];
  for (const [c, v] of at.placements) out.push(geo.name(c) + ' = ' + symbol(v));
  const byCell = new Map();
  for (const [c, v] of at.eliminations) byCell.set(c, (byCell.get(c) || []).concat(v));
  for (const [c, vs] of byCell) out.push('从 ' + geo.name(c) + ' 删去 ' + join(vs.sort((a, b) => a - b).map(symbol)));
  return out.join('；');
}

// chainZh words a chain step link by link from step.chain (see the logic
// package's Chain), with the step behind each link that is no plain
// single in brackets, as the English text does.
function chainZh(step, geo) {
  const ch = step.chain, concl = conclusionZh(step.at, geo);
  const node = (l) => geo.name(l.cell) + (l.on ? ' 是 ' : ' 不是 ') + symbol(l.value);
  const link = (l) => {
    if (!l.by) return node(l);
    if (!l.by.chain && !l.by.at.candidates.length) {
      // a basic rule at 16x16: its name and unit only
      const u = l.by.at.units[0];
      return '由' + techName(l.by) + (u ? '（' + unitName(u) + '）' : '') + '可知 ' + node(l);
    }
    if (l.again) {
      // which one: a chain's first assumption, a rule's region
      const by = l.by, u = by.at.units[0];
      const which = by.chain ? '（从 ' + node(by.chain.branches[0][0]) + ' 开始的那条）' : u ? '（' + unitName(u) + '）' : '';
      return '由上面同样的' + techName(by) + which + '可知 ' + node(l);
    }
    const why = l.by.chain ? chainZh(l.by, geo) : generalZh(l.by, geo, true);
    return '由' + techName(l.by) + '（' + why + '）可知 ' + node(l);
  };
  const then = (br) => br.slice(1).map(link).join('，于是 ');
  const [b0, b1] = ch.branches;
  switch (ch.kind) {
    case 'loop':
      return '沿着环：' + node(b0[0]) + '，于是 ' + then(b0) + '（两个方向都成立），所以看得见某条链接两端的候选数都删去：' + concl;
    case 'contradiction':
      return '假设 ' + node(b0[0]) + '，那么 ' + then(b0) + (b1 ? '；同时 ' + then(b1) : '') + '：矛盾，所以 ' + concl;
    case 'double':
      return '若 ' + node(b0[0]) + '，则 ' + then(b0) + '；若 ' + node(b1[0]) + '，则 ' + then(b1) + '；无论哪种，' + concl;
  }
  const head = ch.kind === 'cell' ? geo.name(ch.cell) + ' 必填它的某个候选数：' : symbol(ch.value) + ' 必在' + unitName(ch.unit) + '的某一格：';
  return head + ch.branches.map((b) => '若 ' + node(b[0]) + (b.length > 1 ? '，则 ' + then(b) : '，就是结论')).join('；') + '；无论哪种，' + concl;
}

// mistakeText words one of the player's mistakes (the API's "mistakes").
export function mistakeText(m, order) {
  if (lang !== 'zh' || !m.kind) return m.text;
  const name = geometry(order).name(m.cell);
  return m.kind === 'placed' ? t('wrongValue', name, symbol(m.value), symbol(m.want)) : t('lostMark', name, symbol(m.value));
}
