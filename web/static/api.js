// The server's JSON API (see the web package's documentation).

import { t, lang, LANGS } from './i18n.js';

export async function api(path, body) {
  let r;
  try {
    r = await fetch('/api/' + path, {
      method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body),
    });
  } catch (_) {
    throw new Error(t('offline'));
  }
  let j;
  try { j = await r.json(); } catch (_) { j = { error: r.status + ' ' + r.statusText }; }
  if (!r.ok) {
    const err = new Error(errorText(j) || r.statusText);
    err.body = j;
    throw err;
  }
  return j;
}

// errorText words an error answer in the page's language. The server
// answers in English with a code of the error's kind (web/errors.go); the
// page has its own text per code, with the place of a puzzle it cannot read
// and, in brackets, the server's English detail there. A code the page does
// not know keeps the English sentence.
export function errorText(j) {
  const key = 'err-' + j.code;
  if (lang === 'en' || !j.code || !(key in LANGS[lang])) return j.error;
  let s = t(key);
  if (j.line) s = (j.column ? t('errAtCol', j.line, j.column) : t('errAtLine', j.line)) + s;
  const detail = j.detail || (j.code === 'request' ? j.error : '');
  return detail ? s + '（' + detail + '）' : s;
}
