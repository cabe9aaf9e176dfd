/* The only part that talks to the API: in.php to send, res.php to wait for the answer. */
importScripts('settings.js');

const POLL_MS = 2000;
const TIMEOUT_MS = 180000;

/** API error codes in plain words (what the user can do about each). */
const PLAIN = {
  ERROR_WRONG_USER_KEY: 'The API key is not valid. Copy it again from your account and paste it in the settings.',
  ERROR_KEY_DOES_NOT_EXIST: 'The API key is not valid. Copy it again from your account and paste it in the settings.',
  ERROR_ZERO_BALANCE: 'Your balance is empty. Add funds to your account to keep solving.',
  ERROR_NO_SLOT_AVAILABLE: 'No worker is free right now. Try again in a minute.',
  ERROR_CAPTCHA_UNSOLVABLE: 'Nobody could read this captcha. Load a new one and try again.',
  ERROR_IP_NOT_ALLOWED: "Your API key does not allow requests from this computer's address (see your account's API settings).",
  ERROR_ZERO_CAPTCHA_FILESIZE: 'The captcha picture is empty or could not be read.',
  ERROR_TOO_BIG_CAPTCHA_FILESIZE: 'The captcha picture is too large to send.',
  ERROR_WRONG_FILE_EXTENSION: 'The captcha picture is not in a supported format.',
  IP_BANNED: 'This computer is temporarily blocked after too many wrong requests. Wait a few minutes.',
};

function plain(code) {
  if (PLAIN[code]) return PLAIN[code];
  if (/^ERROR: 100\d/.test(code)) return 'Too many requests for now: the server asks to wait a little. Try again in a few minutes.';
  return `The server answered ${code}.`;
}

async function settingsOrError() {
  const s = await loadSettings();
  if (!s.apiKey) throw new Error('No API key is set. Open the extension settings and paste your key.');
  const server = normalizeServer(s.server);
  if (!server) throw new Error('No server address is set. Open the extension settings and enter it.');
  return { ...s, server };
}

async function call(url, init) {
  let res;
  try {
    res = await fetch(url, init);
  } catch {
    throw new Error('The server could not be reached. Check the server address in the settings and your connection.');
  }
  const text = await res.text();
  try {
    return JSON.parse(text);
  } catch {
    throw new Error(`The server answered something unexpected (HTTP ${res.status}). Check the server address.`);
  }
}

/** Fields of in.php for each kind of captcha the content script found. */
function fieldsOf(task) {
  if (task.kind === 'image') return { method: 'base64', body: task.body };
  if (task.kind === 'text') return { method: 'post', textcaptcha: task.question };
  if (task.kind === 'recaptcha') return { method: 'userrecaptcha', googlekey: task.sitekey, pageurl: task.pageurl, ...(task.invisible ? { invisible: '1' } : {}) };
  if (task.kind === 'hcaptcha') return { method: 'hcaptcha', sitekey: task.sitekey, pageurl: task.pageurl };
  if (task.kind === 'turnstile') return { method: 'turnstile', sitekey: task.sitekey, pageurl: task.pageurl };
  throw new Error('This kind of captcha is not supported.');
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
  throw new Error('No answer came within three minutes. Try again.');
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
