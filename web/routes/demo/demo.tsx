import { findDemo } from '#shared/demo/catalog.ts';
import { DemoPage } from '#web/features/demo/demo-page.tsx';
import { useGetProfileQuery } from '#web/features/profile/api.ts';
import { useCurrentUser } from '#web/features/user/use-current-user.ts';
import { useCurrentPage } from '#web/lib/use-page.ts';

/** /demo/{slug} (issue 14): the route table declares one page per demo; the slug is the path's last segment. */
export default function Demo() {
  const { lang, page } = useCurrentPage();
  const user = useCurrentUser();
  // The "solve it through the API" calls carry the signed-in visitor's own key.
  const profile = useGetProfileQuery(undefined, { skip: !user });
  const demo = findDemo(page?.path.split('/').pop() ?? '');
  if (!demo) return null;
  return <DemoPage demo={demo} lang={lang} apiKey={user ? (profile.data?.apiKey ?? null) : null} />;
}
