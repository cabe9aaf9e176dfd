/* The only part that talks to the API: in.php to send, res.php to wait for the answer. */
importScripts('settings.js');

const POLL_MS = 2000;
const TIMEOUT_MS = 180000;

/** API error codes (in.php / res.php) → the message key that says it in plain words. */
const PLAIN = {
  ERROR_WRONG_USER_KEY: 'errKey',
  ERROR_KEY_DOES_NOT_EXIST: 'errKey',
  ERROR_EMPTY_USER: 'errKey',
  ERROR_ZERO_BALANCE: 'errZeroBalance',
  ERROR_NO_SLOT_AVAILABLE: 'errNoSlot',
  MAX_USER_TURN: 'errNoSlot',
  ERROR_CAPTCHA_UNSOLVABLE: 'errUnsolvable',
  ERROR_IP_NOT_ALLOWED: 'errIpNotAllowed',
  ERROR_IP_BLOCKED: 'errIpNotAllowed',
  ERROR_ZERO_CAPTCHA_FILESIZE: 'errEmptyImage',
  ERROR_UPLOAD: 'errEmptyImage',
  ERROR_TOO_BIG_CAPTCHA_FILESIZE: 'errBigImage',
  ERROR_WRONG_FILE_EXTENSION: 'errImageType',
  ERROR_IMAGE_TYPE_NOT_SUPPORTED: 'errImageType',
  IP_BANNED: 'errBanned',
  ERROR_TOO_MANY_REQUESTS: 'errTooMany',
  ERROR_SITEKEY: 'errSitekey',
  ERROR_GOOGLEKEY: 'errSitekey',
  ERROR_WRONG_GOOGLEKEY: 'errSitekey',
  ERROR_RECAPTCHA_INVALID_SITEKEY: 'errSitekey',
  ERROR_ACCOUNT_SUSPENDED: 'errSuspended',
  ERROR_TASK_NOT_SUPPORTED: 'errNotSupported',
};

function plain(code) {
  if (PLAIN[code]) return msg(PLAIN[code]);
  if (/^ERROR: 100\d/.test(code)) return msg('errTooMany');
  return msg('errOther', code);
}

async function settingsOrError() {
  const s = await loadSettings();
  if (!s.apiKey) throw new Error(msg('errNoKey'));
  const server = normalizeServer(s.server);
  if (!server) throw new Error(msg('errNoServer'));
  return { ...s, server };
}

async function call(url, init) {
  let res;
  try {
    res = await fetch(url, init);
  } catch {
    throw new Error(msg('errUnreachable'));
  }
  const text = await res.text();
  try {
    return JSON.parse(text);
  } catch {
    throw new Error(msg('errUnexpected', res.status));
  }
}

/** Fields of in.php for each kind of captcha the content script found. */
function fieldsOf(task) {
  if (task.kind === 'image') return { method: 'base64', body: task.body };
  if (task.kind === 'text') return { method: 'post', textcaptcha: task.question };
  if (task.kind === 'recaptcha') return { method: 'userrecaptcha', googlekey: task.sitekey, pageurl: task.pageurl, ...(task.invisible ? { invisible: '1' } : {}) };
  if (task.kind === 'hcaptcha') return { method: 'hcaptcha', sitekey: task.sitekey, pageurl: task.pageurl };
  if (task.kind === 'turnstile') return { method: 'turnstile', sitekey: task.sitekey, pageurl: task.pageurl };
  throw new Error(msg('errNotSupported'));
}

async function solve(task, onProgress) {
  const s = await settingsOrError();
  const form = new URLSearchParams({ key: s.apiKey, json: '1', ...fieldsOf(task) });
  const sent = await call(`${s.server}/in.php`, { method: 'POST', body: form });
  if (sent.status !== 1) throw new Error(plain(sent.request));
  const id = sent.request;
  onProgress({ state: 'sent', id });
  const started = Date.now();
  while (Date.now() - started < TIMEOUT_MS) {
    await new Promise((r) => setTimeout(r, POLL_MS));
    const got = await call(`${s.server}/res.php?key=${encodeURIComponent(s.apiKey)}&action=get&json=1&id=${encodeURIComponent(id)}`);
    if (got.status === 1) return { id, answer: got.request };
    if (got.request !== 'CAPCHA_NOT_READY') throw new Error(plain(got.request));
    onProgress({ state: 'waiting', id, seconds: Math.round((Date.now() - started) / 1000) });
  }
  throw new Error(msg('errTimeout'));
}

async function balance() {
  const s = await settingsOrError();
  const got = await call(`${s.server}/res.php?key=${encodeURIComponent(s.apiKey)}&action=getbalance&json=1`);
  if (got.status !== 1) throw new Error(plain(got.request));
  return got.request;
}

/** Long-lived port per captcha: progress messages, then the answer or a plain-words error. */
chrome.runtime.onConnect.addListener((port) => {
  if (port.name !== 'solve') return;
  port.onMessage.addListener((task) => {
    solve(task, (p) => port.postMessage({ type: 'progress', ...p }))
      .then((r) => port.postMessage({ type: 'done', ...r }))
      .catch((e) => port.postMessage({ type: 'error', message: e.message }));
  });
});

chrome.runtime.onMessage.addListener((msg, _sender, reply) => {
  if (msg && msg.type === 'balance') {
    balance().then((b) => reply({ ok: true, balance: b })).catch((e) => reply({ ok: false, message: e.message }));
    return true;
  }
  return false;
});
