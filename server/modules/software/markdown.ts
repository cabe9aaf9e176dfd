import rehypeSanitize, { defaultSchema, type Options as SanitizeSchema } from 'rehype-sanitize';
import rehypeStringify from 'rehype-stringify';
import remarkGfm from 'remark-gfm';
import remarkParse from 'remark-parse';
import remarkRehype from 'remark-rehype';
import { unified } from 'unified';
import type { Element, ElementContent, Root, RootContent } from 'hast';

/**
 * Listing descriptions are written by developers (untrusted): Markdown → HTML through
 * remark/rehype with GitHub's sanitising schema (no raw HTML, no event handlers, no `javascript:`
 * or `data:` URLs, ids prefixed), images dropped (screenshots are uploaded separately), and every
 * link opened as an external, nofollow link.
 */
const schema: SanitizeSchema = {
  ...defaultSchema,
  tagNames: (defaultSchema.tagNames ?? []).filter((t) => t !== 'img' && t !== 'picture' && t !== 'source'),
};

function walk(nodes: (RootContent | ElementContent)[]) {
  for (const node of nodes) {
    if (node.type !== 'element') continue;
    const el: Element = node;
    if (el.tagName === 'a') el.properties = { ...el.properties, rel: ['nofollow', 'ugc', 'noopener'], target: '_blank' };
    // The page has its own h1 and h2 sections: a description's headings start at h3.
    const level = /^h([1-6])$/.exec(el.tagName);
    if (level) el.tagName = `h${Math.min(6, Number(level[1]) + 2)}`;
    walk(el.children);
  }
}

function externalLinks() {
  return (tree: Root) => walk(tree.children);
}

const processor = unified().use(remarkParse).use(remarkGfm).use(remarkRehype).use(rehypeSanitize, schema).use(externalLinks).use(rehypeStringify);

export async function renderDescription(markdown: string): Promise<string> {
  if (!markdown.trim()) return '';
  return String(await processor.process(markdown));
}
