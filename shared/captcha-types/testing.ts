/** Fixtures shared by the registry's tests (not imported by production code). */

/** A fake PNG comfortably above the 100-byte minimum. */
export const IMG_BINARY = '\x89PNG\r\n\x1a\n' + 'pixels'.repeat(40);
export const IMG = btoa(IMG_BINARY);
export const IMG_BYTES = Uint8Array.from(IMG_BINARY, (c) => c.charCodeAt(0));
export const HINT = btoa('GIF89a' + 'hint'.repeat(40));
export const MP3 = btoa('ID3' + 'audio'.repeat(60));

export const URL = 'https://example.com/login';
export const UA = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36';
export const GOOGLE_KEY = '6Le-wvkSAAAAAPBMRTvw0Q4Muexq9bi0DJwx_mJ-';
export const HCAPTCHA_KEY = 'f7de0da3-3303-44e8-ab48-fa32ff8ccc7b';
