const $ = (id) => document.getElementById(id);

function show(text, ok) {
  $('message').textContent = text;
  $('message').className = `message ${ok ? 'ok' : 'error'}`;
}

async function refreshBalance() {
  const r = await chrome.runtime.sendMessage({ type: 'balance' });
  $('balance').textContent = r.ok ? `$${r.balance}` : '—';
  return r;
}

localizePage();

loadSettings().then((s) => {
  $('apiKey').value = s.apiKey;
  $('server').value = s.server;
  $('autoSubmit').checked = s.autoSubmit;
  $('disabledSites').value = s.disabledSites.join('\n');
  $('selectors').value = Object.entries(s.selectors).map(([host, r]) => `${host} ${r.image} ${r.input}`).join('\n');
  if (s.apiKey && s.server) void refreshBalance();
});

$('form').addEventListener('submit', async (e) => {
  e.preventDefault();
  const server = normalizeServer($('server').value);
  if (!server) {
    $('server').focus();
    return show(msg('optBadServer'), false);
  }
  const apiKey = $('apiKey').value.trim();
  if (!/^[A-Za-z0-9]{16,64}$/.test(apiKey)) {
    $('apiKey').focus();
    return show(msg('optBadKey'), false);
  }
  const selectors = {};
  for (const line of $('selectors').value.split('\n').map((l) => l.trim()).filter(Boolean)) {
    const [host, image, ...input] = line.split(/\s+/);
    if (!host || !image || input.length === 0) {
      $('selectors').focus();
      return show(msg('optBadSelectorLine', line), false);
    }
    selectors[host] = { image, input: input.join(' ') };
  }
  const disabledSites = $('disabledSites').value.split('\n').map((l) => l.trim()).filter(Boolean);
  await saveSettings({ apiKey, server, autoSubmit: $('autoSubmit').checked, disabledSites, selectors });
  $('server').value = server;
  const r = await refreshBalance();
  show(r.ok ? msg('optSavedOk') : msg('optSavedBut', r.message), r.ok);
});
