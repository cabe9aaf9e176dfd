import type { Element, ElementContent, Root, RootContent } from 'hast';
import { toString as hastToString } from 'hast-util-to-string';
import rehypeSanitize, { defaultSchema, type Options as SanitizeSchema } from 'rehype-sanitize';
import rehypeSlug from 'rehype-slug';
import rehypeStringify from 'rehype-stringify';
import remarkGfm from 'remark-gfm';
import remarkParse from 'remark-parse';
import remarkRehype from 'remark-rehype';
import { createHighlighterCore, type HighlighterCore } from 'shiki/core';
import { createJavaScriptRegexEngine } from 'shiki/engine/javascript';
import { unified } from 'unified';
import type { TocEntry } from '#shared/contracts/content.ts';

/** What the renderer knows of an attachment an image points at (for srcset and its box). */
export interface AttachmentInfo {
  width: number;
  height: number;
  widths: readonly number[];
}

export interface Rendered {
  html: string;
  toc: TocEntry[];
  /** The article's text without markup (full-text search, reading time, feeds' summaries). */
  plain: string;
  readingMinutes: number;
}

/** `/api/v1/articles/attachments/{id}/{width}.webp`: the URLs the editor inserts for uploads. */
export const ATTACHMENT_URL = /^\/api\/v1\/articles\/attachments\/(\d+)\/(\d+)\.webp$/;

export function attachmentUrl(id: number, width: number): string {
  return `/api/v1/articles/attachments/${id}/${width}.webp`;
}

/** The attachment ids images of a Markdown body point at. */
export function attachmentIdsIn(markdown: string): number[] {
  const ids = new Set<number>();
  for (const m of markdown.matchAll(/\/api\/v1\/articles\/attachments\/(\d+)\/\d+\.webp/g)) ids.add(Number(m[1]));
  return [...ids];
}

const LANGS = {
  bash: () => import('shiki/langs/bash.mjs'),
  shell: () => import('shiki/langs/shellscript.mjs'),
  javascript: () => import('shiki/langs/javascript.mjs'),
  typescript: () => import('shiki/langs/typescript.mjs'),
  python: () => import('shiki/langs/python.mjs'),
  php: () => import('shiki/langs/php.mjs'),
  json: () => import('shiki/langs/json.mjs'),
  go: () => import('shiki/langs/go.mjs'),
  csharp: () => import('shiki/langs/csharp.mjs'),
  java: () => import('shiki/langs/java.mjs'),
  http: () => import('shiki/langs/http.mjs'),
} as const;
const ALIASES: Record<string, keyof typeof LANGS> = { sh: 'bash', js: 'javascript', ts: 'typescript', py: 'python', 'c#': 'csharp', cs: 'csharp' };
const THEME = 'github-light';

let highlighter: Promise<HighlighterCore> | null = null;
function getHighlighter(): Promise<HighlighterCore> {
  // The JavaScript regex engine: no Oniguruma WASM to load; only the languages above.
  highlighter ??= createHighlighterCore({
    themes: [import('shiki/themes/github-light.mjs')],
    langs: Object.values(LANGS).map((load) => load()),
    engine: createJavaScriptRegexEngine(),
  });
  return highlighter;
}

/**
 * What Markdown may become: GitHub's sanitising schema (no raw HTML, no event handlers, no
 * `javascript:` or `data:` URLs, ids prefixed) with code blocks keeping their language class.
 */
const schema: SanitizeSchema = {
  ...defaultSchema,
  attributes: { ...defaultSchema.attributes, code: [['className', /^language-[\w#+-]+$/]] },
};

function isElement(node: RootContent | ElementContent, tag?: string): node is Element {
  return node.type === 'element' && (tag === undefined || node.tagName === tag);
}

function walk(node: Root | Element, visit: (el: Element, parent: Root | Element, index: number) => void) {
  node.children.forEach((child, i) => {
    if (isElement(child)) {
      visit(child, node, i);
      walk(child, visit);
    }
  });
}

/** Trusted transforms, after sanitising: heading anchors and contents, highlighting, images, links. */
function trusted(options: { attachments: ReadonlyMap<number, AttachmentInfo>; toc: TocEntry[]; hl: HighlighterCore }) {
  return () => (tree: Root) => {
    const loaded = new Set(options.hl.getLoadedLanguages());
    walk(tree, (el, parent, index) => {
      if (/^h[23]$/.test(el.tagName) && typeof el.properties.id === 'string') {
        const id = el.properties.id;
        options.toc.push({ id, text: hastToString(el), depth: Number(el.tagName[1]) });
        el.children.push({ type: 'element', tagName: 'a', properties: { href: `#${id}`, className: ['heading-anchor'], ariaHidden: 'true', tabIndex: -1 }, children: [] });
      } else if (el.tagName === 'pre' && el.children.length === 1 && isElement(el.children[0]!, 'code')) {
        const code = el.children[0] as Element;
        const cls = (code.properties.className as string[] | undefined)?.find((c) => c.startsWith('language-'))?.slice('language-'.length).toLowerCase();
        const lang = cls ? (ALIASES[cls] ?? cls) : undefined;
        if (!lang || !loaded.has(lang)) return;
        const highlighted = options.hl.codeToHast(hastToString(code).replace(/\n$/, ''), { lang, theme: THEME });
        const pre = highlighted.children.find((c) => isElement(c, 'pre'));
        if (pre) {
          pre.properties.dataLanguage = lang;
          parent.children[index] = pre;
        }
      } else if (el.tagName === 'img') {
        el.properties.loading = 'lazy';
        el.properties.decoding = 'async';
        const match = typeof el.properties.src === 'string' ? ATTACHMENT_URL.exec(el.properties.src) : null;
        const info = match ? options.attachments.get(Number(match[1])) : undefined;
        if (match && info) {
          const id = Number(match[1]);
          el.properties.srcSet = info.widths.map((w) => `${attachmentUrl(id, w)} ${w}w`).join(', ');
          el.properties.sizes = '(max-width: 760px) 100vw, 720px';
          const shown = Math.min(info.width, Number(match[2]));
          el.properties.width = shown;
          el.properties.height = Math.round((info.height * shown) / info.width);
        }
      } else if (el.tagName === 'a' && typeof el.properties.href === 'string' && /^https?:/i.test(el.properties.href)) {
        el.properties.rel = ['nofollow', 'noopener', 'noreferrer'];
      }
    });
  };
}

/**
 * Markdown → sanitised HTML, in the order that keeps it safe: parse (raw HTML dropped) →
 * HTML tree → sanitise the author's content → then our own trusted transforms (heading ids and
 * anchors, table of contents, Shiki's highlighting with its inline styles, responsive images).
 */
export async function renderMarkdown(markdown: string, attachments: ReadonlyMap<number, AttachmentInfo> = new Map()): Promise<Rendered> {
  const hl = await getHighlighter();
  const toc: TocEntry[] = [];
  const processor = unified()
    .use(remarkParse)
    .use(remarkGfm)
    .use(remarkRehype)
    .use(rehypeSanitize, schema)
    .use(rehypeSlug)
    .use(trusted({ attachments, toc, hl }))
    .use(rehypeStringify);
  const tree = await processor.run(processor.parse(markdown));
  const plain = hastToString(tree as Root).replace(/\s+/g, ' ').trim();
  const html = processor.stringify(tree as Root);
  const words = plain ? plain.split(' ').length : 0;
  return { html, toc, plain, readingMinutes: Math.max(1, Math.round(words / 200)) };
}
