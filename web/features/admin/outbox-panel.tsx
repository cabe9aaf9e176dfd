import { useEffect, useRef, useState } from 'react';
import { useTranslation } from '#web/lib/i18n-react.ts';
import type { OutboxMail } from '#shared/contracts/admin.ts';
import { Button } from '#web/components/button/button.tsx';
import { Banner } from '#web/components/ui/banner.tsx';
import { Card } from '#web/components/ui/card.tsx';
import { EmptyState } from '#web/components/ui/empty-state.tsx';
import { Skeleton } from '#web/components/ui/skeleton.tsx';
import { Spinner } from '#web/components/ui/spinner.tsx';
import { useOutboxQuery } from './api.ts';
import { adminErrorKey, formatUtc, mailLinks } from './logic.ts';

function MailDetail({ mail, onBack }: { mail: OutboxMail; onBack(): void }) {
  const { t } = useTranslation('admin');
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), [mail.id]);
  const links = mailLinks(mail.text, mail.html);
  return (
    <Card as="article" className="mail-detail" aria-labelledby="mail-subject">
      <div className="stack">
        <div className="cluster cluster--between">
          <h3 id="mail-subject" className="card__title" ref={heading} tabIndex={-1}>
            {mail.subject}
          </h3>
          <Button variant="tertiary" onClick={onBack}>
            {t('outbox.back')}
          </Button>
        </div>
        <dl className="facts facts--compact">
          <div>
            <dt>{t('outbox.columns.to')}</dt>
            <dd className="break">{mail.to}</dd>
          </div>
          <div>
            <dt>{t('outbox.columns.time')}</dt>
            <dd className="num">{formatUtc(mail.createdAt)}</dd>
          </div>
        </dl>
        {links.length > 0 && (
          <section aria-labelledby="mail-links" className="stack stack--sm">
            <h4 id="mail-links" className="admin-section__title">
              {t('outbox.links')}
            </h4>
            <ul className="link-list">
              {links.map((href) => (
                <li key={href}>
                  <a href={href} className="link break" data-testid="outbox-link">
                    {href}
                  </a>
                </li>
              ))}
            </ul>
          </section>
        )}
        <section aria-labelledby="mail-text" className="stack stack--sm">
          <h4 id="mail-text" className="admin-section__title">
            {t('outbox.text')}
          </h4>
          <pre className="mail-text" tabIndex={0}>
            {mail.text}
          </pre>
        </section>
      </div>
    </Card>
  );
}

/** Mails the server wrote instead of sending (no SMTP configured), newest first. */
export function OutboxPanel() {
  const { t } = useTranslation('admin');
  const { data, error, isLoading, isFetching, refetch } = useOutboxQuery();
  const [openId, setOpenId] = useState<string | null>(null);
  const open = data?.find((m) => m.id === openId) ?? null;
  const lastOpened = useRef<string | null>(null);

  // Back from a mail: focus returns to the row it was opened from.
  useEffect(() => {
    if (openId !== null || !lastOpened.current) return;
    document.querySelector<HTMLElement>(`[data-mail-id="${CSS.escape(lastOpened.current)}"]`)?.focus();
    lastOpened.current = null;
  }, [openId]);

  return (
    <div className="stack">
      <div className="cluster cluster--between">
        <p className="text-sm text-secondary">{t('outbox.lead')}</p>
        <Button variant="secondary" onClick={() => void refetch()} loading={isFetching && !isLoading}>
          {t('outbox.refresh')}
        </Button>
      </div>
      {isLoading ? (
        <div className="stack stack--sm" aria-busy="true">
          <Spinner size="sm" />
          {Array.from({ length: 4 }, (_, i) => (
            <Skeleton key={i} height="2.75rem" />
          ))}
        </div>
      ) : !data ? (
        <Banner tone="danger" role="alert">
          <div className="stack stack--sm">
            <p>
              {t('outbox.loadFailed')} {t(adminErrorKey(error))}
            </p>
            <div>
              <Button variant="secondary" onClick={() => void refetch()}>
                {t('retry')}
              </Button>
            </div>
          </div>
        </Banner>
      ) : data.length === 0 ? (
        <EmptyState headingLevel={3} title={t('outbox.empty.title')} description={t('outbox.empty.text')} />
      ) : open ? (
        <MailDetail mail={open} onBack={() => setOpenId(null)} />
      ) : (
        <div className="table-wrap">
          <table className="table">
            <caption className="visually-hidden">{t('outbox.caption')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('outbox.columns.to')}</th>
                <th scope="col">{t('outbox.columns.subject')}</th>
                <th scope="col">{t('outbox.columns.time')}</th>
              </tr>
            </thead>
            <tbody>
              {data.map((m) => (
                <tr key={m.id}>
                  <td className="break">{m.to}</td>
                  <td>
                    <button
                      type="button"
                      className="btn btn--none link-button"
                      data-mail-id={m.id}
                      onClick={() => {
                        lastOpened.current = m.id;
                        setOpenId(m.id);
                      }}
                    >
                      {m.subject}
                    </button>
                  </td>
                  <td className="num nowrap">{formatUtc(m.createdAt)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </div>
  );
}
