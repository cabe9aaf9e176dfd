import { useEffect, useState } from 'react';
import { ExtensionPage } from '#web/features/extension/pages.tsx';

/** /captcha-bypass-extension (issue 14 #4): the browser extension, its download and set-up. */
export default function Extension() {
  // The server address to put in the extension's settings is this site's own, known in the browser.
  const [origin, setOrigin] = useState('');
  useEffect(() => setOrigin(window.location.origin), []);
  return <ExtensionPage origin={origin} />;
}
