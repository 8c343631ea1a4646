// The server's JSON API (see the web package's documentation).

import { t } from './i18n.js';

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
    const err = new Error(j.error || r.statusText);
    err.body = j;
    throw err;
  }
  return j;
}
