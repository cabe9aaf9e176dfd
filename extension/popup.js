const $ = (id) => document.getElementById(id);

localizePage();

async function main() {
  const [tab] = await chrome.tabs.query({ active: true, currentWindow: true });
  let host = '';
  try {
    host = new URL(tab.url).host;
  } catch {
    host = '';
  }
  const s = await loadSettings();
  $('host').textContent = host || msg('popupThisPage');
  $('site').checked = !s.disabledSites.includes(host);
  $('site').disabled = !host;
  $('site').addEventListener('change', async () => {
    const now = await loadSettings();
    const off = new Set(now.disabledSites);
    if ($('site').checked) off.delete(host);
    else off.add(host);
    await saveSettings({ disabledSites: [...off] });
    $('message').textContent = msg('popupSaved');
    $('message').className = 'message ok';
  });
  const r = await chrome.runtime.sendMessage({ type: 'balance' });
  $('balance').textContent = r.ok ? `$${r.balance}` : '—';
  if (!r.ok) {
    $('message').textContent = r.message;
    $('message').className = 'message error';
  }
}

$('options').addEventListener('click', () => chrome.runtime.openOptionsPage());
void main();
