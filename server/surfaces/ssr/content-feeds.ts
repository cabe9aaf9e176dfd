import type { FastifyInstance } from 'fastify';
import { COLLECTIONS } from '#shared/contracts/content.ts';
import { hostKindOf } from '#shared/i18n/routing.ts';
import { sitesOf } from '#server/config.ts';
import { FEED_FORMATS, buildFeed, feedPath } from '#server/modules/content/feeds.ts';

/**
 * RSS 2.0 and Atom 1.0 feeds of each collection per language (issue 15): `/blog/rss.xml`,
 * `/ru/blog/atom.xml`, `/h/rss.xml`, `/software/blog/atom.xml`, … Unprefixed paths are in the
 * host's language (Russian on the Russian-language host), as pages are. Static routes: they win
 * over the pages' catch-all.
 */
export async function contentFeeds(app: FastifyInstance) {
  const sites = sitesOf(app.config);
  for (const collection of COLLECTIONS) {
    for (const format of FEED_FORMATS) {
      for (const prefixed of [false, true]) {
        app.get(`${prefixed ? '/ru' : ''}${feedPath(collection, format)}`, async (req, reply) => {
          const language = prefixed || hostKindOf(sites, req.headers.host ?? '') === 'ru' ? 'ru' : 'en';
          return reply
            .type(format === 'rss' ? 'application/rss+xml; charset=utf-8' : 'application/atom+xml; charset=utf-8')
            .header('cache-control', 'public, max-age=300')
            .send(await buildFeed(req.ctx, collection, language, format));
        });
      }
    }
  }
}
