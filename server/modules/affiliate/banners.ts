/**
 * Referral banners in the standard IAB sizes, drawn as SVG on our own stable address
 * (/api/v2/affiliate/banners/<size>.svg?lang=…), so embed code on a partner's site keeps working
 * across deployments. Texts come from the `partner` catalogue (banners.art.*), English fallback.
 */
import type { Language } from '#shared/i18n/languages.ts';

type Catalogue = { banners?: { art?: { headline: string; tagline: string; cta: string } } };
const catalogues = import.meta.glob<Catalogue>('../../../shared/i18n/locales/*/partner.json', { import: 'default', eager: true });

export const BANNER_SIZES = ['728x90', '468x60', '320x50', '300x250', '160x600'] as const;
export type BannerSize = (typeof BANNER_SIZES)[number];

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** Width in Latin characters (a CJK character counts twice). */
const widthOf = (text: string) => [...text].reduce((n, ch) => n + (/[\u2E80-\u9FFF\uFF00-\uFFEF]/.test(ch) ? 2 : 1), 0);

/** Splits text into lines at most `max` Latin characters wide (by words; CJK text, which has no spaces, by characters). */
function wrap(text: string, max: number): string[] {
  const words = /\s/.test(text) ? text.split(/\s+/) : [...text];
  const joiner = /\s/.test(text) ? ' ' : '';
  const lines: string[] = [];
  let line = '';
  for (const word of words) {
    const next = line ? line + joiner + word : word;
    if (widthOf(next) > max && line) {
      lines.push(line);
      line = word;
    } else line = next;
  }
  if (line) lines.push(line);
  return lines;
}

function textsOf(lang: string) {
  const of = (l: string) => catalogues[`../../../shared/i18n/locales/${l}/partner.json`]?.banners?.art;
  return of(lang) ?? of('en')!;
}

/** The banner as an SVG document. */
export function renderBanner(size: BannerSize, lang: Language | string, brand: string): string {
  const [w, h] = size.split('x').map(Number) as [number, number];
  const t = textsOf(lang);
  const tall = h > w;
  const square = !tall && h >= 200;
  const thin = h <= 60;
  const headSize = tall ? 22 : square ? 26 : thin ? (h <= 50 ? 14 : 16) : 22;
  const subSize = Math.round(headSize * 0.62);
  const logo = Math.round(tall ? w * 0.35 : square ? 44 : h * 0.5);
  const cta = { w: tall ? 120 : square ? 150 : thin ? 84 : 130, h: thin ? Math.round(h * 0.55) : 36 };
  const parts: string[] = [];
  parts.push(`<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#1d4ed8"/><stop offset="1" stop-color="#2563eb"/></linearGradient></defs>`);
  parts.push(`<rect width="${w}" height="${h}" rx="6" fill="url(#g)"/>`);
  let x: number;
  let y: number;
  if (tall) {
    x = w / 2;
    parts.push(`<rect x="${(w - logo) / 2}" y="24" width="${logo}" height="${logo}" rx="${logo / 5}" fill="#fff"/><path d="M${w / 2} ${24 + logo * 0.22} l${logo * 0.28} ${logo * 0.28} l-${logo * 0.28} ${logo * 0.28} l-${logo * 0.28} -${logo * 0.28}z" fill="#2563eb"/>`);
    y = 24 + logo + 36;
    parts.push(`<text x="${x}" y="${y}" text-anchor="middle" font-size="16" font-weight="700" fill="#fff">${esc(brand)}</text>`);
    const lines = wrap(t.headline, 11);
    lines.forEach((l, i) => parts.push(`<text x="${x}" y="${y + 48 + i * 28}" text-anchor="middle" font-size="${headSize}" font-weight="700" fill="#fff">${esc(l)}</text>`));
    wrap(t.tagline, 18).forEach((l, i) =>
      parts.push(`<text x="${x}" y="${y + 64 + lines.length * 28 + i * 18}" text-anchor="middle" font-size="12" fill="#dbeafe">${esc(l)}</text>`),
    );
    parts.push(`<rect x="${(w - cta.w) / 2}" y="${h - 60}" width="${cta.w}" height="${cta.h}" rx="6" fill="#fff"/><text x="${x}" y="${h - 60 + cta.h / 2 + 5}" text-anchor="middle" font-size="14" font-weight="700" fill="#1d4ed8">${esc(t.cta)}</text>`);
  } else {
    const pad = thin ? 10 : 16;
    const top = square ? pad : (h - logo) / 2;
    parts.push(`<rect x="${pad}" y="${top}" width="${logo}" height="${logo}" rx="${logo / 5}" fill="#fff"/><path d="M${pad + logo / 2} ${top + logo * 0.22} l${logo * 0.28} ${logo * 0.28} l-${logo * 0.28} ${logo * 0.28} l-${logo * 0.28} -${logo * 0.28}z" fill="#2563eb"/>`);
    x = pad * 2 + logo;
    if (square) {
      parts.push(`<text x="${x}" y="${top + logo / 2 + 6}" font-size="16" font-weight="700" fill="#fff">${esc(brand)}</text>`);
      const head = wrap(t.headline, 22);
      head.forEach((l, i) => parts.push(`<text x="${pad}" y="${top + logo + 40 + i * 24}" font-size="20" font-weight="700" fill="#fff">${esc(l)}</text>`));
      wrap(t.tagline, 36).forEach((l, i) =>
        parts.push(`<text x="${pad}" y="${top + logo + 40 + head.length * 24 + i * 17}" font-size="13" fill="#dbeafe">${esc(l)}</text>`),
      );
      parts.push(`<rect x="${pad}" y="${h - cta.h - 16}" width="${cta.w}" height="${cta.h}" rx="6" fill="#fff"/><text x="${pad + cta.w / 2}" y="${h - 16 - cta.h / 2 + 5}" text-anchor="middle" font-size="14" font-weight="700" fill="#1d4ed8">${esc(t.cta)}</text>`);
    } else {
      parts.push(`<text x="${x}" y="${thin ? h / 2 + headSize / 3 : h / 2 - 4}" font-size="${headSize}" font-weight="700" fill="#fff">${esc(thin ? t.headline : `${brand}: ${t.headline}`)}</text>`);
      if (!thin) parts.push(`<text x="${x}" y="${h / 2 + subSize + 8}" font-size="${subSize}" fill="#dbeafe">${esc(t.tagline)}</text>`);
      parts.push(`<rect x="${w - cta.w - pad}" y="${(h - cta.h) / 2}" width="${cta.w}" height="${cta.h}" rx="6" fill="#fff"/><text x="${w - pad - cta.w / 2}" y="${h / 2 + 5}" text-anchor="middle" font-size="${thin ? 12 : 14}" font-weight="700" fill="#1d4ed8">${esc(t.cta)}</text>`);
    }
  }
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}" font-family="Inter, Arial, 'Noto Sans', 'PingFang SC', sans-serif" role="img" aria-label="${esc(`${brand}: ${t.headline}`)}">${parts.join('')}</svg>`;
}
