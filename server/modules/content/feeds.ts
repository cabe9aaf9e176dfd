import { Feed } from 'feed';
import { sitesOf } from '#server/config.ts';
import type { Ctx } from '#server/lib/ctx.ts';
import { COLLECTION_INFO, type Collection, type ContentLanguage } from '#shared/contracts/content.ts';
import { canonicalUrl } from '#shared/i18n/routing.ts';
import * as repo from './content.repo.ts';

export const FEED_FORMATS = ['rss', 'atom'] as const;
export type FeedFormat = (typeof FEED_FORMATS)[number];
const FEED_ITEMS = 30;

const TITLES: Record<Collection, Record<ContentLanguage, string>> = {
  blog: { en: 'Blog', ru: 'Блог' },
  tutorials: { en: 'Tutorials', ru: 'Инструкции' },
  software: { en: 'Software articles', ru: 'Статьи о программах' },
  faq: { en: 'FAQ', ru: 'Вопросы и ответы' },
  kb: { en: 'Knowledge base', ru: 'База знаний' },
};

/** The channel description RSS 2.0 requires. */
const DESCRIPTIONS: Record<Collection, Record<ContentLanguage, string>> = {
  blog: { en: 'News, releases and field notes on captcha solving.', ru: 'Новости, обновления и заметки о распознавании капчи.' },
  tutorials: { en: 'Step-by-step guides to the solving API and its client libraries.', ru: 'Пошаговые инструкции по API распознавания и клиентским библиотекам.' },
  software: { en: 'Articles about software that works with the solving API.', ru: 'Статьи о программах, которые работают с API распознавания.' },
  faq: { en: 'Answers to frequent questions about the service.', ru: 'Ответы на частые вопросы о сервисе.' },
  kb: { en: 'Help-centre articles about the service.', ru: 'Статьи центра помощи о сервисе.' },
};

/** The feed's own address: `/blog/rss.xml`, `/ru/h/atom.xml`, … */
export function feedPath(collection: Collection, format: FeedFormat): string {
  return `${COLLECTION_INFO[collection].path}/${format}.xml`;
}

/**
 * RSS 2.0 or Atom 1.0 of a collection's newest public articles in one language (the
 * international host's selection), with each article's sanitised HTML and absolute links.
 */
export async function buildFeed(ctx: Ctx, collection: Collection, language: ContentLanguage, format: FeedFormat): Promise<string> {
  const sites = sitesOf(ctx.config);
  const rows = await repo.latestForFeed(ctx.db, { collection, language, host: 'intl', at: new Date(), limit: FEED_ITEMS });
  const listUrl = canonicalUrl(sites, language, COLLECTION_INFO[collection].path);
  const origin = new URL(listUrl).origin;
  const feed = new Feed({
    title: `${ctx.config.BRAND_NAME} — ${TITLES[collection][language]}`,
    description: DESCRIPTIONS[collection][language],
    // Atom requires an author on the feed or on every entry: the feed's is the publisher.
    author: { name: ctx.config.BRAND_NAME, link: origin },
    id: listUrl,
    link: listUrl,
    language,
    copyright: `© ${ctx.config.BRAND_NAME}`,
    updated: rows[0]?.publishAt ?? new Date(0),
    generator: ctx.config.BRAND_NAME,
    feedLinks: { rss: canonicalUrl(sites, language, feedPath(collection, 'rss')), atom: canonicalUrl(sites, language, feedPath(collection, 'atom')) },
  });
  for (const r of rows) {
    const link = canonicalUrl(sites, language, `${COLLECTION_INFO[collection].path}/${r.slug}`);
    feed.addItem({
      title: r.title,
      id: link,
      link,
      description: r.summary,
      content: r.html.replaceAll('/api/v1/articles/attachments/', `${origin}/api/v1/articles/attachments/`),
      date: r.publishAt!,
      published: r.publishAt!,
      ...(r.authorName ? { author: [{ name: r.authorName }] } : {}),
      category: r.tags.map((name) => ({ name })),
    });
  }
  return format === 'rss' ? feed.rss2() : feed.atom1();
}
