/* Settings kept in chrome.storage.local, shared by the background, the content script and the pages. */
const DEFAULTS = {
  apiKey: '',
  server: '',
  autoSubmit: false,
  /** Hosts the user switched the extension off for. */
  disabledSites: [],
  /** Per host: { image: CSS selector of the captcha picture, input: CSS selector of the answer field }. */
  selectors: {},
};

function loadSettings() {
  return chrome.storage.local.get(Object.keys(DEFAULTS)).then((s) => ({ ...DEFAULTS, ...s }));
}

function saveSettings(patch) {
  return chrome.storage.local.set(patch);
}

/** "https://example.com/" → "https://example.com"; empty or malformed → null. */
function normalizeServer(value) {
  try {
    const url = new URL(String(value).trim());
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
    return url.origin;
  } catch {
    return null;
  }
}

/** A text of the extension in the browser's language (_locales/<lang>/messages.json). */
function msg(key, ...subs) {
  return chrome.i18n.getMessage(key, subs.map(String)) || key;
}

/** Fills [data-i18n] elements of the options page and the popup. */
function localizePage() {
  document.documentElement.lang = chrome.i18n.getUILanguage();
  document.querySelectorAll('[data-i18n]').forEach((el) => {
    el.textContent = msg(el.dataset.i18n);
  });
  document.title = msg(document.documentElement.dataset.title || 'extName');
}
