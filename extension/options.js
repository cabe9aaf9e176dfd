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
  if (!server) return show('The server address must start with http:// or https://, e.g. https://captchahub.example.', false);
  const apiKey = $('apiKey').value.trim();
  if (!/^[A-Za-z0-9]{16,64}$/.test(apiKey)) return show('That does not look like an API key: copy it again from your account.', false);
  const selectors = {};
  for (const line of $('selectors').value.split('\n').map((l) => l.trim()).filter(Boolean)) {
    const [host, image, ...input] = line.split(/\s+/);
    if (!host || !image || input.length === 0) return show(`This line needs a host and two selectors: ${line}`, false);
    selectors[host] = { image, input: input.join(' ') };
  }
  const disabledSites = $('disabledSites').value.split('\n').map((l) => l.trim()).filter(Boolean);
  await saveSettings({ apiKey, server, autoSubmit: $('autoSubmit').checked, disabledSites, selectors });
  $('server').value = server;
  const r = await refreshBalance();
  show(r.ok ? 'Saved. The key works.' : `Saved, but: ${r.message}`, r.ok);
});
