// The page's words in English and Simplified Chinese: t(key, ...args)
// fills {0}, {1} ... of the current language's text. The language comes
// from the player's choice, else the browser's; static text of the page
// carries data-i18n (text), data-i18n-html (text with markup of ours) and
// data-i18n-aria (aria-label) keys.

const en = {
  app: 'Sudoku', size: 'Size', level: 'Level', family: 'Kind', famClassic: 'classic', famKiller: 'killer', famJigsaw: 'jigsaw',
  famX: 'X', famWindoku: 'windoku', famDisjoint: 'disjoint', famAntiknight: 'anti-knight', famAntiking: 'anti-king',
  famNonconsecutive: 'non-consecutive',
  setNew: 'Set a variant', setHelp: 'Select cells (drag in order for a line), then add a rule; type the givens as digits.',
  setSum: 'Cage sum', setCage: 'Cage', setThermo: 'Thermo', setArrow: 'Arrow', setWhisper: 'Whisper', setRenban: 'Renban',
  setPalindrome: 'Palindrome', setWhite: 'White dot', setBlack: 'Black dot', setOdd: 'Odd', setEven: 'Even',
  setDiagonal: 'Diagonals', setAntiknight: 'Anti-knight', setAntiking: 'Anti-king', setUndo: 'Undo rule',
  setCands: 'True candidates', setExport: 'Export', setRules: '{0} rules', setStart: 'Draw the rules and type the givens: the check follows each change.',
  setPick: 'Select the cells first.', setPickLine: 'Select the line\'s cells in order first (at least two).', setPickTwo: 'Select two neighbouring cells first.',
  setUnique: 'One solution', setNone: 'No solution', setSeveral: 'Several solutions',
  setOurLink: 'This page:', setFLink: 'f-puzzles:', setJSON: 'Rules JSON:', any: 'any', easy: 'easy', medium: 'medium', hard: 'hard',
  expert: 'expert', extreme: 'extreme', new: 'New puzzle', enter: 'Enter a puzzle', daily: 'Daily',
  games: 'My games', puzzle: 'Puzzle', gridLabel: 'Sudoku grid: arrows move, digits fill, Z X C V change mode',
  pausedResume: 'Paused: resume', typeGivens: 'Type the givens into the grid, then', checkPlay: 'Check and play',
  cancel: 'Cancel', controls: 'Controls', time: 'time', next: 'Next puzzle', inputMode: 'Input mode',
  modeDigit: 'Digit', modeCorner: 'Corner', modeCentre: 'Centre', modeColour: 'Colour', digits: 'Digits',
  modeCand: 'Cand.', modeCandLong: 'Candidate colour (B)', candColours: 'Colour for candidates',
  padCand: 'colour candidate {0} in colour {1}', candIn: 'candidate {0} in colour {1}',
  keyCandT: 'B, then digits', keyCand: 'colour those candidates of the selected cells (Shift + 1-9 picks the colour), as for chains',
  undo: 'Undo', redo: 'Redo', erase: 'Erase', hint: 'Hint', more: 'More', applyHint: 'Apply hint',
  auto: 'Auto candidates', showMistakes: 'Show mistakes',
  clearMarks: 'Clear a placed digit from the marks of its row, column and box',
  explain: 'Explain all steps', reveal: 'Reveal', restart: 'Restart', share: 'Share link', print: 'Print',
  shareLink: 'Link to this game', download: 'Download:', pdfSolution: 'PDF with solution',
  sheet: 'Print a sheet of new puzzles', puzzles: 'Puzzles', perPage: 'Per page',
  solutionsLater: 'Solutions on later pages', makePDF: 'Make the PDF', keys: 'Keys',
  keyFill: 'fill the selected cells (in the current mode)',
  keyModes: 'digit, corner, centre, colour, candidate colour mode (Space cycles; in 16x16, B and C are symbols)',
  keyShiftT: 'Shift / Ctrl + digit', keyShift: 'corner / centre mark', keyArrowsT: 'Arrows',
  keyArrows: 'move; with Shift or Ctrl, add to the selection', keyErase: 'erase', keyUndo: 'undo, redo',
  keyHint: 'hint: first the technique and region, then the cells, then apply',
  keySelect: 'select all, select none', keyMouseT: 'Mouse, touch',
  keyMouse: 'click or drag to select; Ctrl/Shift-click adds; double-click selects the same digit',
  pasteHelp: 'Paste a puzzle in any format the <code>sudoku</code> command reads: one line of 81 symbols (<code>.</code> or <code>0</code> for a blank), rows of digits, a pretty grid, JSON&hellip;',
  puzzleText: 'Puzzle text', typeInstead: 'Type it into the grid instead', allSteps: 'All steps', close: 'Close',
  gamesKept: 'Every game is kept in this browser: resume any of them.', stats: 'Statistics',
  thSize: 'Size, level', thPlayed: 'Played', thWon: 'Won', thRevealed: 'Revealed', thBest: 'Best',
  thAverage: 'Average', thHints: 'Hints',
  filesHelp: 'Games and statistics stay in this browser: save them to a file, or load a file saved here or in another browser.',
  export: 'Save to a file', import: 'Load a file', importFile: 'File of games to load',
  pause: 'Pause', resume: 'Resume',
  revealed: 'Revealed: the solution is shown (recorded as revealed, not a win). Undo takes it back.',
  solvedIn: 'Solved in {0}!', fullClash: 'The grid is full but some digits clash.',
  fullDiffers: 'The grid is full but differs from the solution.',
  padDigit: 'digit {0}', padCorner: 'corner mark {0}', padCentre: 'centre mark {0}', padColour: 'colour {0}',
  making: 'Making a {0} puzzle\u2026', keptOther: 'Your other game is kept in \u201cMy games\u201d.',
  noPuzzle: 'Could not make a puzzle: {0}', givensClash: 'The givens clash:', bothHold: '{0} and {1} both hold {2}',
  noSolution: 'This puzzle has no solution.',
  multiple: 'This puzzle has more than one solution: add givens until one is left.',
  complete: 'This grid is already complete.', proper: 'A proper puzzle: {0} givens, one solution.',
  tooBig: 'This page plays grids up to 25x25; use the API or the command for larger ones.',
  checking: 'Checking\u2026', typeThen: 'Type the givens, then choose \u201cCheck and play\u201d.',
  dropGivens: 'Drop the givens typed so far?', drop: 'Drop them',
  askReveal: 'Reveal the solution? The game is recorded as revealed, not won; Undo takes the solution back.',
  cannotReveal: 'Cannot reveal: the server cannot be reached.',
  askRestart: 'Start this puzzle again? Your digits and marks go (Undo brings them back).',
  gridSolved: 'The grid is solved.', fixFirst: 'Fix these first: {0}.', noHint: 'No hint: {0}',
  wrongValue: '{0} = {1} was placed, the solution has {2}', lostMark: '{0} lost its {1}, which the solution needs',
  working: 'Working\u2026', stepsFrom: '{0} steps from here', hardest: '; hardest {0} ({1}, {2})',
  stuck: '. Then no technique of the solver applies.', cannotExplain: 'Cannot explain: {0}',
  copied: 'Link copied: it holds the puzzle, your digits and marks, the title and the time.',
  copyBelow: 'Copy the link below: it holds the puzzle, your digits and marks, the title and the time.',
  sharedLoaded: 'Shared puzzle loaded; your other games are in \u201cMy games\u201d.',
  noGames: 'No games yet.', beingEntered: 'being entered', stRevealed: 'revealed', stWon: 'won',
  filledPct: '{0}% filled', resumeGame: 'Resume: {0}', delete: 'Delete', deleteGame: 'Delete: {0}',
  askDelete: 'Delete this game for good?',
  streaks: 'Games won in a row: {0} (best {1}); days in a row with the daily puzzle won: {2}.',
  saved: 'Saved {0} games in {1}.', loaded: 'Loaded {0} games and {1} results from {2}.',
  cannotLoad: 'Cannot load {0}: {1}', notGames: 'this is not a file of games saved by this page',
  sheetMaking: 'Making puzzle {0} of {1}\u2026', sheetReady: 'The sheet is ready: {0} puzzles.',
  sheetFailed: 'Could not make the sheet: {0}', sheetLink: 'sudoku-sheet.pdf ({0} puzzles, {1} KiB)',
  dailyMaking: 'Making the daily {0} puzzle\u2026',
  dailyMsg: 'The daily puzzle: the same for everyone today (sudoku generate -level {0} -seed {1}).',
  dailyFailed: 'Could not make the daily puzzle: {0}', dailyOf: 'Daily {0}', clues: '{0} clues',
  yourPuzzle: 'Your puzzle', givens: '{0} givens', sharedPuzzle: 'Shared puzzle', entering: 'Entering a puzzle',
  offline: 'the server cannot be reached (offline?): the game goes on, but new puzzles, hints and checks need it',
  given: 'given', wrong: 'wrong', clashes: 'clashes', blank: 'blank', cornerMarks: 'corner {0}',
  centreMarks: 'centre {0}', candidates: 'candidates {0}', colourN: 'colour {0}', hintCands: 'hint candidates {0}',
  used: 'used', removed: 'removed', placed: 'placed', language: 'Language',
  row: 'row {0}', column: 'column {0}', box: 'box {0}',
  settings: 'Settings', hideTimer: 'Hide the timer', clashCheck: 'Show clashes (the same digit twice in a row, column or box)',
  walk: 'Step through on the grid', prev: 'Previous', nextStep: 'Next', backToGame: 'Back to the game',
  stepOf: 'Step {0} of {1}', zoom: 'Large grid', cbPalette: 'Colour-blind palette', theme: 'Theme', themeSystem: 'as the system', themeLight: 'light', themeDark: 'dark',
  errAtLine: 'puzzle: line {0}: ', errAtCol: 'puzzle: line {0}, column {1}: ',
  aboutTech: 'About {0}', aboutThis: 'About this technique', example: 'Example:', exampleRating: 'This example rates {0} on Sudoku Explainer\'s scale.',
  exampleGrid: 'Example', noExample: 'No example of this one yet.',
};

const zh = {
  app: '数独', size: '大小', level: '难度', family: '种类', famClassic: '标准', famKiller: '杀手', famJigsaw: '锯齿',
  famX: '对角线', famWindoku: '窗口', famDisjoint: '不连宫组', famAntiknight: '无马步', famAntiking: '无王步',
  famNonconsecutive: '非连续',
  setNew: '出一道变型题', setHelp: '先选格子（画线时按顺序拖动），再添加规则；用数字键输入提示数。',
  setSum: '笼子的和', setCage: '笼子', setThermo: '温度计', setArrow: '箭头', setWhisper: '德式耳语', setRenban: '连续线',
  setPalindrome: '回文线', setWhite: '白点', setBlack: '黑点', setOdd: '奇数', setEven: '偶数',
  setDiagonal: '对角线', setAntiknight: '无马步', setAntiking: '无王步', setUndo: '撤销规则',
  setCands: '真实候选数', setExport: '导出', setRules: '{0} 条规则', setStart: '画出规则并输入提示数：每次改动后都会检查。',
  setPick: '请先选格子。', setPickLine: '请先按顺序选这条线的格子（至少两个）。', setPickTwo: '请先选两个相邻的格子。',
  setUnique: '唯一解', setNone: '无解', setSeveral: '多解',
  setOurLink: '本页链接：', setFLink: 'f-puzzles 链接：', setJSON: '规则 JSON：', any: '任意', easy: '简单', medium: '中等', hard: '困难',
  expert: '专家', extreme: '极难', new: '新题', enter: '输入题目', daily: '每日一题',
  games: '我的对局', puzzle: '题目', gridLabel: '数独盘面：方向键移动，数字键填写，Z X C V 切换模式',
  pausedResume: '已暂停：继续', typeGivens: '在盘面上输入提示数，然后', checkPlay: '检查并开始',
  cancel: '取消', controls: '操作', time: '用时', next: '下一题', inputMode: '输入模式',
  modeDigit: '数字', modeCorner: '角标', modeCentre: '中标', modeColour: '颜色', digits: '数字',
  modeCand: '候选色', modeCandLong: '候选数着色（B）', candColours: '候选数的颜色',
  padCand: '把候选数 {0} 涂成颜色 {1}', candIn: '候选数 {0} 为颜色 {1}',
  keyCandT: 'B，然后数字', keyCand: '给选中格子里的这些候选数着色（Shift + 1-9 选颜色），用于链',
  undo: '撤销', redo: '重做', erase: '擦除', hint: '提示', more: '更多', applyHint: '应用提示',
  auto: '自动候选数', showMistakes: '显示错误',
  clearMarks: '填入数字时，从同行、同列、同宫的标记中去掉它',
  explain: '讲解全部步骤', reveal: '揭晓答案', restart: '重新开始', share: '分享链接', print: '打印',
  shareLink: '本局的链接', download: '下载：', pdfSolution: '带答案的 PDF',
  sheet: '打印一页新题', puzzles: '题数', perPage: '每页',
  solutionsLater: '答案放在后面几页', makePDF: '生成 PDF', keys: '按键',
  keyFill: '在选中的格子里填写（按当前模式）',
  keyModes: '数字、角标、中标、颜色、候选数着色模式（空格键轮换；16x16 中 B 和 C 是符号）',
  keyShiftT: 'Shift / Ctrl + 数字', keyShift: '角标 / 中标', keyArrowsT: '方向键',
  keyArrows: '移动；按住 Shift 或 Ctrl 时加选', keyErase: '擦除', keyUndo: '撤销、重做',
  keyHint: '提示：先说技巧和区域，再标出格子，最后应用',
  keySelect: '全选、取消选择', keyMouseT: '鼠标、触屏',
  keyMouse: '点击或拖动来选择；Ctrl/Shift 点击加选；双击选中相同数字',
  pasteHelp: '粘贴 <code>sudoku</code> 命令能读的任何格式的题目：一行 81 个符号（<code>.</code> 或 <code>0</code> 表示空格）、按行的数字、排版好的盘面、JSON&hellip;',
  puzzleText: '题目文本', typeInstead: '改为在盘面上输入', allSteps: '全部步骤', close: '关闭',
  gamesKept: '每一局都保存在这个浏览器里：可以继续其中任何一局。', stats: '统计',
  thSize: '大小、难度', thPlayed: '玩过', thWon: '完成', thRevealed: '揭晓', thBest: '最快',
  thAverage: '平均', thHints: '提示',
  filesHelp: '对局和统计只保存在这个浏览器里：可以存成文件，或载入在这里或其他浏览器存下的文件。',
  export: '存成文件', import: '载入文件', importFile: '要载入的对局文件',
  pause: '暂停', resume: '继续',
  revealed: '已揭晓：显示的是答案（记为揭晓，不算完成）。撤销可以收回。',
  solvedIn: '完成！用时 {0}', fullClash: '盘面已填满，但有数字冲突。',
  fullDiffers: '盘面已填满，但与答案不同。',
  padDigit: '数字 {0}', padCorner: '角标 {0}', padCentre: '中标 {0}', padColour: '颜色 {0}',
  making: '正在生成{0}题目\u2026', keptOther: '你的另一局保存在\u201c我的对局\u201d里。',
  noPuzzle: '无法生成题目：{0}', givensClash: '提示数有冲突：', bothHold: '{0} 和 {1} 都是 {2}',
  noSolution: '这道题无解。',
  multiple: '这道题不止一个解：请补充提示数，直到只剩一个解。',
  complete: '这个盘面已经填满了。', proper: '合格的题目：{0} 个提示数，唯一解。',
  tooBig: '本页面最大支持 25x25；更大的盘面请用 API 或命令行。',
  checking: '正在检查\u2026', typeThen: '输入提示数，然后点\u201c检查并开始\u201d。',
  dropGivens: '放弃已经输入的提示数？', drop: '放弃',
  askReveal: '揭晓答案？这一局会记为揭晓，不算完成；撤销可以收回答案。',
  cannotReveal: '无法揭晓：连不上服务器。',
  askRestart: '重新开始这道题？你填的数字和标记会清除（撤销可以恢复）。',
  gridSolved: '盘面已经解完。', fixFirst: '请先改正：{0}。', noHint: '没有提示：{0}',
  wrongValue: '{0} 填了 {1}，答案是 {2}', lostMark: '{0} 去掉了答案需要的 {1}',
  working: '正在计算\u2026', stepsFrom: '从这里起共 {0} 步', hardest: '；最难一步是 {0}（{1}，{2}）',
  stuck: '。之后求解器的技巧都用不上了。', cannotExplain: '无法讲解：{0}',
  copied: '链接已复制：其中有题目、你填的数字和标记、标题和用时。',
  copyBelow: '请复制下面的链接：其中有题目、你填的数字和标记、标题和用时。',
  sharedLoaded: '已载入分享的题目；你的其他对局在\u201c我的对局\u201d里。',
  noGames: '还没有对局。', beingEntered: '正在输入', stRevealed: '已揭晓', stWon: '已完成',
  filledPct: '已填 {0}%', resumeGame: '继续：{0}', delete: '删除', deleteGame: '删除：{0}',
  askDelete: '永久删除这一局？',
  streaks: '连续完成：{0} 局（最多 {1} 局）；连续完成每日一题：{2} 天。',
  saved: '已把 {0} 局存进 {1}。', loaded: '已从 {2} 载入 {0} 局和 {1} 条成绩。',
  cannotLoad: '无法载入 {0}：{1}', notGames: '这不是本页面存下的对局文件',
  sheetMaking: '正在生成第 {0} 题，共 {1} 题\u2026', sheetReady: '题目页已生成：{0} 道题。',
  sheetFailed: '无法生成题目页：{0}', sheetLink: 'sudoku-sheet.pdf（{0} 道题，{1} KiB）',
  dailyMaking: '正在生成每日一题（{0}）\u2026',
  dailyMsg: '每日一题：今天所有人的题目都一样（sudoku generate -level {0} -seed {1}）。',
  dailyFailed: '无法生成每日一题：{0}', dailyOf: '每日一题 {0}', clues: '{0} 个提示数',
  yourPuzzle: '你的题目', givens: '{0} 个提示数', sharedPuzzle: '分享的题目', entering: '正在输入题目',
  offline: '连不上服务器（离线？）：这一局可以继续，但新题、提示和检查需要服务器',
  given: '提示数', wrong: '错误', clashes: '冲突', blank: '空格', cornerMarks: '角标 {0}',
  centreMarks: '中标 {0}', candidates: '候选数 {0}', colourN: '颜色 {0}', hintCands: '提示中的候选数 {0}',
  used: '用到', removed: '删去', placed: '填入', language: '语言',
  row: '第{0}行', column: '第{0}列', box: '第{0}宫',
  settings: '设置', hideTimer: '隐藏计时器', clashCheck: '显示冲突（同一行、列或宫里出现相同数字）',
  walk: '在盘面上逐步查看', prev: '上一步', nextStep: '下一步', backToGame: '回到对局',
  stepOf: '第 {0} 步，共 {1} 步', zoom: '大盘面', cbPalette: '色盲友好配色', theme: '主题', themeSystem: '跟随系统', themeLight: '浅色', themeDark: '深色',
  errAtLine: '题目第 {0} 行：', errAtCol: '题目第 {0} 行第 {1} 列：',
  aboutTech: '关于{0}', aboutThis: '关于这个技巧', example: '例子：', exampleRating: '这个例子在 Sudoku Explainer 难度表上是 {0}。',
  exampleGrid: '例子', noExample: '这个技巧还没有例子。',
  // The server's errors by their code (web/errors.go's errorCodes).
  'err-request': '请求有误', 'err-body-too-large': '请求太大，超出了服务器的上限',
  'err-slow-body': '请求没有按时送达，请重试', 'err-puzzle-empty': '没有题目：请粘贴 sudoku 命令能读的任何格式的题目',
  'err-puzzle-symbol': '有不是题目符号的字符', 'err-puzzle-cells': '格子数不对', 'err-puzzle-syntax': '读不懂这道题',
  'err-puzzle-range': '有超出范围的数字', 'err-puzzle-rule': '题目里有本程序还不支持的规则', 'err-puzzle-link': '这个短链接要联网才能读取，请粘贴完整链接', 'err-puzzle-too-large': '题目太大，超出了本服务器的上限',
  'err-conflict': '提示数有冲突',
  'err-limit': '搜索到了本服务器每个请求的时间或内存上限：这道题太难或太空，无法在这里回答',
  'err-no-solution': '这道题无解', 'err-multiple': '这道题不止一个解', 'err-not-unique': '这道题不是唯一解',
  'err-not-found': '在限制之内没有找到这样的题目：请重试，或换一个难度',
  'err-no-candidates': '有一个空格没有任何候选数', 'err-stuck': '求解器的技巧都用不上了：这道题超出了逐步求解器的能力',
  'err-rate': '请求太频繁，请稍等一秒', 'err-busy': '服务器正忙，请重试', 'err-library-down': '题库的数据库没有响应，请稍后再试', 'err-gone': '请求已取消',
  'err-endpoint': '没有这个接口', 'err-method': '这个接口不接受这种请求方式',
  'err-cross-origin': '拒绝跨站请求：请使用本服务器提供的页面', 'err-internal': '服务器内部错误',
};

export const LANGS = { en, zh };

// lang is the language of the page: 'en' or 'zh'.
export let lang = 'en';

// pickLang returns the language a player with these browser languages
// reads: Chinese for any zh, else English.
export function pickLang(langs) {
  for (const l of langs || []) {
    const p = String(l).toLowerCase();
    if (p.startsWith('zh')) return 'zh';
    if (p.startsWith('en')) return 'en';
  }
  return 'en';
}

export function setLang(l) {
  lang = LANGS[l] ? l : 'en';
  document.documentElement.lang = lang === 'zh' ? 'zh-Hans' : 'en';
  const d = LANGS[lang];
  for (const el of document.querySelectorAll('[data-i18n]')) el.textContent = d[el.dataset.i18n];
  for (const el of document.querySelectorAll('[data-i18n-html]')) el.innerHTML = d[el.dataset.i18nHtml];
  for (const el of document.querySelectorAll('[data-i18n-aria]')) el.setAttribute('aria-label', d[el.dataset.i18nAria]);
  document.title = d.app;
}

// t returns the text of key in the page's language, {0}, {1} ... filled
// with args.
export function t(key, ...args) { return tIn(lang, key, ...args); }

// tIn is t in language l.
export function tIn(l, key, ...args) {
  const s = LANGS[l][key] ?? en[key] ?? key;
  return s.replace(/\{(\d)\}/g, (_, k) => String(args[Number(k)]));
}
