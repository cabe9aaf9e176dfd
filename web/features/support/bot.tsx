import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from '#web/lib/i18n-react.ts';
import { useNavigate } from 'react-router';
import type { BotMessageView, BotThreadView } from '#shared/contracts/support.ts';
import { Button, buttonClassName } from '#web/components/button/button.tsx';
import { LocalizedLink } from '#web/components/layout/localized-link.tsx';
import { Banner } from '#web/components/ui/banner.tsx';
import { useCurrentPage } from '#web/lib/use-page.ts';
import { useBotHandoffMutation, useBotSayMutation, useLazyBotThreadQuery } from './api.ts';
import { supportErrorKey } from './format.ts';

function BotReply({ message, onChoose, onHandoff, canAct }: { message: BotMessageView; onChoose(title: string, collection: string, slug: string): void; onHandoff(): void; canAct: boolean }) {
  const { t } = useTranslation('support');
  const main = message.sources[0];
  if (message.outcome === 'answered' && main) {
    return (
      <>
        <p>{t('bot.answered', { title: main.title })}</p>
        <blockquote className="support-quote">{message.body}</blockquote>
        <p className="text-sm">
          <LocalizedLink to={main.path}>{t('bot.readArticle', { title: main.title })}</LocalizedLink>
        </p>
        {message.sources.slice(1).map((s) => (
          <p key={s.path} className="text-sm">
            {t('bot.seeAlso')} <LocalizedLink to={s.path}>{s.title}</LocalizedLink>
          </p>
        ))}
        {canAct && (
          <p className="text-sm text-secondary">
            {t('bot.notHelpful')}{' '}
            <Button variant="tertiary" onClick={onHandoff}>{t('bot.askPerson')}</Button>
          </p>
        )}
      </>
    );
  }
  if (message.outcome === 'clarify') {
    return (
      <>
        <p>{t('bot.clarify')}</p>
        <div className="cluster cluster--sm" role="group" aria-label={t('bot.clarify')}>
          {message.sources.map((s) => (
            <Button key={s.path} variant="secondary" disabled={!canAct} onClick={() => onChoose(s.title, s.collection, s.slug)}>
              {s.title}
            </Button>
          ))}
        </div>
      </>
    );
  }
  if (message.outcome === 'handoff' && /^\d+$/.test(message.body)) {
    return (
      <p>
        {t('bot.handedOff', { id: message.body })} <LocalizedLink to={`/support/tickets/${message.body}`}>{t('bot.openTicket', { id: message.body })}</LocalizedLink>
      </p>
    );
  }
  return (
    <>
      <p>{message.outcome === 'handoff' ? t('bot.handoffOffer') : t('bot.unanswered')}</p>
      {canAct && <Button variant="primary" onClick={onHandoff}>{t('bot.askPerson')}</Button>}
    </>
  );
}

const STORAGE_KEY = 'support-bot-thread';

function readSaved(): { id: number; token: string } | null {
  try {
    const raw = JSON.parse(sessionStorage.getItem(STORAGE_KEY) ?? 'null') as { id?: unknown; token?: unknown } | null;
    return raw && typeof raw.id === 'number' && typeof raw.token === 'string' ? { id: raw.id, token: raw.token } : null;
  } catch {
    return null;
  }
}

/** /support/bot: ask in your own words; answers quote the help centre; a person takes over on request. */
export function SupportBot({ signedIn }: { signedIn: boolean }) {
  const { t } = useTranslation('support');
  const { lang, to, path } = useCurrentPage();
  const navigate = useNavigate();
  const [say, saying] = useBotSayMutation();
  const [handoff, handing] = useBotHandoffMutation();
  const [thread, setThread] = useState<BotThreadView | null>(null);
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const end = useRef<HTMLDivElement>(null);
  const [loadThread] = useLazyBotThreadQuery();

  // The conversation survives a reload and signing in (this tab only): its id and token are kept.
  useEffect(() => {
    const saved = readSaved();
    if (!saved) return;
    void loadThread(saved).then((res) => {
      if (res.data) setThread(res.data);
      else sessionStorage.removeItem(STORAGE_KEY);
    });
  }, [loadThread]);

  useEffect(() => {
    if (thread) sessionStorage.setItem(STORAGE_KEY, JSON.stringify({ id: thread.id, token: thread.token }));
  }, [thread]);

  useEffect(() => {
    end.current?.scrollIntoView({ block: 'nearest' });
  }, [thread?.messages.length]);

  async function send(body: string, choice?: { collection: string; slug: string }) {
    setError(null);
    const res = await say({ threadId: thread?.id, token: thread?.token, text: body, language: lang, ...(choice ? { choice: choice as { collection: 'faq' | 'kb' | 'tutorials'; slug: string } } : {}) });
    if ('error' in res) setError(t(supportErrorKey(res.error)));
    else setThread(res.data);
  }

  async function submit(e: FormEvent) {
    e.preventDefault();
    const body = text.trim();
    if (!body) return;
    setText('');
    await send(body);
  }

  async function toPerson() {
    if (!thread) return;
    if (!signedIn) {
      void navigate(to(`/auth/login?return_to=${encodeURIComponent(to(path))}`));
      return;
    }
    const res = await handoff({ threadId: thread.id, token: thread.token });
    if ('error' in res) setError(t(supportErrorKey(res.error)));
    else {
      sessionStorage.removeItem(STORAGE_KEY);
      void navigate(to(`/support/tickets/${res.data.ticketId}`));
    }
  }

  const closed = thread?.ticketId != null;
  return (
    <div className="support-bot stack stack--lg">
      <ol className="support-bot__log" aria-live="polite" aria-label={t('bot.conversation')} data-testid="bot-log">
        <li className="support-bot__msg support-bot__msg--bot">
          <p>{t('bot.greeting')}</p>
        </li>
        {thread?.messages.map((m) => (
          <li key={m.id} className={`support-bot__msg support-bot__msg--${m.role}`} data-testid={`bot-${m.role}`}>
            {m.role === 'user' ? <p>{m.body}</p> : <BotReply message={m} canAct={!closed && !handing.isLoading} onChoose={(title, collection, slug) => void send(title, { collection, slug })} onHandoff={() => void toPerson()} />}
          </li>
        ))}
      </ol>
      <div ref={end} />
      {error && <Banner tone="danger" role="alert">{error}</Banner>}
      {closed ? (
        <LocalizedLink to={`/support/tickets/${thread!.ticketId}`} className={buttonClassName('primary', 'md')}>{t('bot.openTicket', { id: thread!.ticketId })}</LocalizedLink>
      ) : (
        <form className="support-bot__form" onSubmit={(e) => void submit(e)}>
          <label htmlFor="bot-input" className="visually-hidden">{t('bot.inputLabel')}</label>
          <input id="bot-input" className="input input--lg" value={text} maxLength={1000} placeholder={t('bot.placeholder')} onChange={(e) => setText(e.target.value)} autoComplete="off" />
          <Button type="submit" variant="primary" size="lg" loading={saying.isLoading} disabled={!text.trim()}>{t('bot.send')}</Button>
        </form>
      )}
      {!signedIn && thread && <p className="text-sm text-secondary">{t('bot.signInToHandoff')}</p>}
    </div>
  );
}
