import { useTranslation } from '#web/lib/i18n-react.ts';
import { COLLECTIONS, COLLECTION_INFO } from '#shared/contracts/content.ts';
import { LocalizedLink } from '#web/components/layout/localized-link.tsx';
import { useCurrentPage } from '#web/lib/use-page.ts';

/** The editor's sections, and the hosts screen for admins. */
export function EditorNav({ showDomains }: { showDomains: boolean }) {
  const { t } = useTranslation('content');
  const { path } = useCurrentPage();
  const links = [
    ...COLLECTIONS.map((c) => ({ to: COLLECTION_INFO[c].editorPath, label: t(`collections.${c}.title`) })),
    ...(showDomains ? [{ to: '/editor/manual-domains', label: t('domains.title') }] : []),
  ];
  return (
    <nav aria-label={t('editor.nav')}>
      <ul className="tag-list tag-list--filters">
        {links.map((l) => (
          <li key={l.to}>
            <LocalizedLink className="tag" to={l.to} aria-current={path === l.to ? 'page' : undefined}>
              {l.label}
            </LocalizedLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
