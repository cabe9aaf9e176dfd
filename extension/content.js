/*
 * Finds captchas on the page and has the background solve them:
 * - our demo captchas, marked with data-captchahub-* attributes (picture or question, answer field, submit button);
 * - an image captcha on a site where the user gave the picture's and the answer field's selectors;
 * - reCAPTCHA v2, hCaptcha and Turnstile widgets (an element with data-sitekey).
 * Progress and errors show in a small status box on the page.
 */
(() => {
  const seen = new WeakMap();
  let settings = null;
  let box = null;

  function status(text, tone) {
    if (!box) {
      box = document.createElement('div');
      box.setAttribute('role', 'status');
      box.setAttribute('aria-live', 'polite');
      box.dataset.captchahubStatus = '';
      box.style.cssText =
        'position:fixed;right:16px;bottom:16px;z-index:2147483647;max-width:320px;padding:10px 14px;border-radius:8px;' +
        'font:14px/1.4 system-ui,sans-serif;box-shadow:0 4px 16px rgba(0,0,0,.2);color:#fff;';
      document.documentElement.appendChild(box);
    }
    box.style.background = tone === 'error' ? '#c92a2a' : tone === 'done' ? '#2b8a3e' : '#1c3d72';
    box.textContent = `CaptchaHub: ${text}`;
  }

  /** Sets a field's value the way typing would, so page frameworks (React…) see it. */
  function fill(input, value) {
    const proto = input instanceof HTMLTextAreaElement ? HTMLTextAreaElement.prototype : HTMLInputElement.prototype;
    const setter = Object.getOwnPropertyDescriptor(proto, 'value').set;
    setter.call(input, value);
    input.dispatchEvent(new Event('input', { bubbles: true }));
    input.dispatchEvent(new Event('change', { bubbles: true }));
  }

  async function imageBase64(img) {
    const src = img.currentSrc || img.src;
    if (src.startsWith('data:')) return src.slice(src.indexOf(',') + 1);
    const res = await fetch(src, { credentials: 'include' });
    if (!res.ok) throw new Error(msg('errImageRead'));
    const bytes = new Uint8Array(await res.arrayBuffer());
    let bin = '';
    for (let i = 0; i < bytes.length; i += 0x8000) bin += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
    return btoa(bin);
  }

  function run(task, onAnswer) {
    status(msg('statusSending'));
    const port = chrome.runtime.connect({ name: 'solve' });
    port.onMessage.addListener((m) => {
      if (m.type === 'progress') status(m.state === 'sent' ? msg('statusSent') : msg('statusWaiting', m.seconds));
      else if (m.type === 'done') {
        port.disconnect();
        onAnswer(m.answer);
      } else if (m.type === 'error') {
        port.disconnect();
        status(m.message, 'error');
      }
    });
    port.postMessage(task);
  }

  function submitOf(scope, input) {
    const button = scope.querySelector('[data-captchahub-submit]');
    if (button) return () => button.click();
    const form = input && input.form;
    return form ? () => (form.requestSubmit ? form.requestSubmit() : form.submit()) : null;
  }

  function answered(scope, input, answer) {
    fill(input, answer);
    const submit = settings.autoSubmit ? submitOf(scope, input) : null;
    status(msg(submit ? 'statusSubmitting' : 'statusFilled'), 'done');
    if (submit) setTimeout(submit, 100);
  }

  /** Our demo captchas: one solve per captcha shown (a new picture or question is a new captcha). */
  async function demo(scope) {
    const kind = scope.dataset.captchahubKind;
    const input = scope.querySelector('[data-captchahub-answer]');
    if (!input || !kind) return;
    const img = scope.querySelector('img[data-captchahub-image]');
    const question = scope.querySelector('[data-captchahub-question]');
    const mark = kind === 'image' ? img && img.src : question && question.textContent;
    if (!mark || seen.get(scope) === mark) return;
    seen.set(scope, mark);
    try {
      const task = kind === 'image' ? { kind: 'image', body: await imageBase64(img) } : { kind: 'text', question: question.textContent.trim() };
      run(task, (answer) => answered(scope, input, answer));
    } catch {
      status(msg('errImageRead'), 'error');
    }
  }

  async function bySelector(rule) {
    const img = document.querySelector(rule.image);
    const input = document.querySelector(rule.input);
    if (!img || !input || seen.get(img) === img.src) return;
    // A picture still loading is looked at again when it has loaded (its load changes no DOM node,
    // so the mutation observer would not call scan again).
    if (!img.complete) {
      img.addEventListener('load', () => void bySelector(rule), { once: true });
      return;
    }
    seen.set(img, img.src);
    try {
      run({ kind: 'image', body: await imageBase64(img) }, (answer) => answered(input.form || document, input, answer));
    } catch {
      status(msg('errImageRead'), 'error');
    }
  }

  const WIDGETS = [
    { selector: '.g-recaptcha[data-sitekey]', kind: 'recaptcha', field: 'g-recaptcha-response' },
    { selector: '.h-captcha[data-sitekey]', kind: 'hcaptcha', field: 'h-captcha-response' },
    { selector: '.cf-turnstile[data-sitekey]', kind: 'turnstile', field: 'cf-turnstile-response' },
  ];

  function widget(el, w) {
    if (seen.has(el)) return;
    seen.set(el, true);
    const task = { kind: w.kind, sitekey: el.dataset.sitekey, pageurl: location.href, invisible: el.dataset.size === 'invisible' };
    run(task, (token) => {
      let field = el.querySelector(`[name="${w.field}"]`) || document.querySelector(`[name="${w.field}"]`);
      if (!field) {
        field = document.createElement('textarea');
        field.name = w.field;
        field.style.display = 'none';
        el.appendChild(field);
      }
      answered(el.closest('form') || document, field, token);
    });
  }

  function scan() {
    document.querySelectorAll('[data-captchahub-demo][data-captchahub-kind]').forEach((scope) => void demo(scope));
    const rule = settings.selectors[location.host];
    if (rule && rule.image && rule.input) void bySelector(rule);
    for (const w of WIDGETS) document.querySelectorAll(w.selector).forEach((el) => widget(el, w));
  }

  loadSettings().then((s) => {
    settings = s;
    if (s.disabledSites.includes(location.host)) return;
    let pending = false;
    const later = () => {
      if (pending) return;
      pending = true;
      setTimeout(() => {
        pending = false;
        scan();
      }, 200);
    };
    new MutationObserver(later).observe(document.documentElement, { childList: true, subtree: true, attributes: true, attributeFilter: ['src'] });
    scan();
  });
})();
