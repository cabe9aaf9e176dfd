import { describe, expect, it } from 'vitest';
import { createI18n, loadNamespaces, markPartial, pickResources } from './i18n.ts';

describe('partial namespaces', () => {
  it('a page sends only the declared subtrees of a partial namespace, and the whole of the others, in its language only', async () => {
    const server = createI18n('de', {}, 'Brand');
    await loadNamespaces(server, 'de', ['apidocs', 'landings']);
    const sent = pickResources(server, 'de', { namespaces: ['apidocs', 'landings'], partial: { apidocs: ['samples'] } });
    expect(Object.keys(sent.de!.apidocs!)).toEqual(['samples']);
    expect(sent.de!.landings).toEqual(server.getResourceBundle('de', 'landings'));
    expect(Object.keys(sent)).toEqual(['de']);
  });

  it('English goes with a page only for a namespace its language has no catalogue of', async () => {
    const server = createI18n('de', {}, 'Brand');
    await loadNamespaces(server, 'de', ['support']);
    expect(server.hasResourceBundle('de', 'support')).toBe(false);
    const sent = pickResources(server, 'de', { namespaces: ['support'] });
    expect(Object.keys(sent.de!)).toEqual(['common', 'ui']);
    expect(Object.keys(sent.en!)).toEqual(['support']);
  });

  it('the browser loads a partial namespace whole when the next page needs it', async () => {
    const full = createI18n('en', {}, 'Brand');
    await loadNamespaces(full, 'en', ['apidocs']);
    const browser = createI18n('en', pickResources(full, 'en', { namespaces: ['apidocs'], partial: { apidocs: ['samples'] } }), 'Brand');
    markPartial(browser, ['en:apidocs']);
    expect(browser.exists('apidocs:home.title')).toBe(false);
    expect(browser.t('apidocs:samples.copy')).toBe(full.t('apidocs:samples.copy'));
    await loadNamespaces(browser, 'en', ['apidocs']);
    expect(browser.t('apidocs:home.title')).toBe(full.t('apidocs:home.title'));
  });
});
