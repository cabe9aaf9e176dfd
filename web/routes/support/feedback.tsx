import { useTranslation } from '#web/lib/i18n-react.ts';
import { FeedbackForm } from '#web/features/support/feedback.tsx';
import { useCurrentUser } from '#web/features/user/use-current-user.ts';
import { useCurrentPage } from '#web/lib/use-page.ts';

/** /p/service-feedback and /p/proxy-feedback: rate the service or the proxies. */
export default function FeedbackPage() {
  const { t } = useTranslation('support');
  const { path } = useCurrentPage();
  const user = useCurrentUser();
  const kind = path.startsWith('/p/proxy') ? 'proxy' : 'service';
  return (
    <article className="section">
      <title>{t(`feedback.kinds.${kind}.title`)}</title>
      <meta name="description" content={t(`feedback.kinds.${kind}.lead`)} />
      <div className="container container--narrow stack stack--lg">
        <header className="stack stack--sm">
          <h1>{t(`feedback.kinds.${kind}.title`)}</h1>
          <p className="lead">{t(`feedback.kinds.${kind}.lead`)}</p>
        </header>
        <FeedbackForm kind={kind} signedIn={user !== null} />
      </div>
    </article>
  );
}
