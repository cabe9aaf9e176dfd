/**
 * Names and terms every language writes as English does (issue 20): the English-leak tests do not
 * count them as English text left in a translated page. Brands and products, captcha families,
 * protocols, formats and currencies; not ordinary words (those belong in the translation).
 */
export const ALLOWED_TERMS: readonly string[] = [
  // The product and the services it names
  'CaptchaHub', 'RuCaptcha', 'Anti-Captcha', 'Google', 'Amazon', 'Cloudflare', 'Yandex', 'Temu', 'PayPal', 'Telegram',
  'Chrome', 'Firefox', 'Selenium', 'Puppeteer', 'Playwright', 'GitHub', 'Visa', 'Mastercard', 'Bitcoin', 'Tether',
  // Captcha families and vendors
  'captcha', 'captchas', 'CAPTCHA', 'reCAPTCHA', 'hCaptcha', 'GeeTest', 'Turnstile', 'FunCaptcha', 'Arkose', 'Labs',
  'KeyCaptcha', 'Capy', 'Lemin', 'MTCaptcha', 'DataDome', 'CyberSiARA', 'Friendly', 'CaptchaFox', 'Cutcaptcha',
  'Altcha', 'Prosopo', 'Procaptcha', 'SmartCaptcha', 'atbCAPTCHA', 'Basilisk', 'TSPD', 'WAF', 'Enterprise', 'Puzzle',
  // Protocols, formats, units, currencies
  'API', 'APIs', 'HTTP', 'HTTPS', 'SOCKS5', 'SOCKS', 'TCP', 'TLS', 'DNS', 'CIDR', 'IPv4', 'IPv6', 'ISP', 'JSON', 'CSV',
  'HTML', 'URL', 'PNG', 'JPEG', 'GIF', 'WebP', 'TIFF', 'COCO', 'YOLO', 'VOC', 'Pascal', 'GDPR', 'USDT', 'TRC', 'USD',
  'RUB', 'CNY', 'UTC', 'GET', 'POST', 'token', 'tokens', 'base64', 'WebSocket', 'cookie', 'cookies',
  // Programming languages and tools of the code samples
  'Python', 'JavaScript', 'Node', 'PHP', 'Ruby', 'Java', 'curl', 'Go',
];
