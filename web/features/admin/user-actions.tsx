import { useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from '#web/lib/i18n-react.ts';
import type { AdminUserRow } from '#shared/contracts/admin.ts';
import type { Permission } from '#shared/contracts/user.ts';
import { Button } from '#web/components/button/button.tsx';
import { Modal } from '#web/components/modal/modal.tsx';
import { Banner } from '#web/components/ui/banner.tsx';
import { Field, TextInput } from '#web/components/ui/field.tsx';
import {
  useAdjustBalanceMutation,
  usePostSystemMessageMutation,
  useSetBlockedMutation,
  useSetPermissionMutation,
} from './api.ts';
import { adminErrorKey, formatUsd, isAmount } from './logic.ts';
import { UserBadges } from './user-badges.tsx';

function Message({ error, success }: { error?: string | null; success?: string | null }) {
  return (
    <>
      <div role="alert" className="form-message">
        {error && <Banner tone="danger">{error}</Banner>}
      </div>
      <div role="status" className="form-message">
        {success && !error && <Banner tone="success">{success}</Banner>}
      </div>
    </>
  );
}

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section className="admin-section stack stack--sm" aria-labelledby={id}>
      <h3 id={id} className="admin-section__title">
        {title}
      </h3>
      {children}
    </section>
  );
}

/** Permissions and blocking: each button applies at once and shows the result. */
function AccessSection({
  user,
  isSelf,
  onChange,
}: {
  user: AdminUserRow;
  isSelf: boolean;
  onChange(row: AdminUserRow): void;
}) {
  const { t } = useTranslation('admin');
  const [setPermission, permission] = useSetPermissionMutation();
  const [setBlocked, blocked] = useSetBlockedMutation();
  const [done, setDone] = useState<string | null>(null);
  const error = permission.error ?? blocked.error;

  const toggle = async (p: Permission) => {
    setDone(null);
    const granted = !user[p];
    const result = await setPermission({ id: user.id, permission: p, granted });
    if (result.data) {
      onChange(result.data);
      setDone(t(`actions.access.done.${p}${granted ? 'Granted' : 'Revoked'}`));
    }
  };
  const block = async () => {
    setDone(null);
    const result = await setBlocked({ id: user.id, blocked: !user.blocked });
    if (result.data) {
      onChange(result.data);
      setDone(t(result.data.blocked ? 'actions.access.done.blocked' : 'actions.access.done.unblocked'));
    }
  };

  return (
    <Section id="admin-access" title={t('actions.access.title')}>
      <div className="cluster cluster--sm">
        <Button
          variant="secondary"
          onClick={() => void toggle('admin')}
          loading={permission.isLoading && permission.originalArgs?.permission === 'admin'}
          disabled={isSelf && user.admin}
        >
          {user.admin ? t('actions.access.revokeAdmin') : t('actions.access.grantAdmin')}
        </Button>
        <Button
          variant="secondary"
          onClick={() => void toggle('moderator')}
          loading={permission.isLoading && permission.originalArgs?.permission === 'moderator'}
        >
          {user.moderator ? t('actions.access.revokeModerator') : t('actions.access.grantModerator')}
        </Button>
        <Button
          variant={user.blocked ? 'secondary' : 'primary-danger'}
          onClick={() => void block()}
          loading={blocked.isLoading}
          disabled={isSelf}
        >
          {user.blocked ? t('actions.access.unblock') : t('actions.access.block')}
        </Button>
      </div>
      {isSelf && <p className="text-sm muted">{t('actions.access.selfNote')}</p>}
      {!user.blocked && <p className="text-sm muted">{t('actions.access.blockNote')}</p>}
      <Message error={error ? t(adminErrorKey(error)) : null} success={done} />
    </Section>
  );
}

function BalanceSection({ user, onChange }: { user: AdminUserRow; onChange(row: AdminUserRow): void }) {
  const { t } = useTranslation('admin');
  const [amount, setAmount] = useState('');
  const [reason, setReason] = useState('');
  const [invalid, setInvalid] = useState<'amount' | 'reason' | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const [adjust, { isLoading, error }] = useAdjustBalanceMutation();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setDone(null);
    if (!isAmount(amount)) return setInvalid('amount');
    if (reason.trim().length < 3) return setInvalid('reason');
    setInvalid(null);
    const result = await adjust({ id: user.id, amount: amount.trim(), reason: reason.trim() });
    if (result.data) {
      onChange(result.data);
      setDone(t('actions.balance.done', { balance: formatUsd(result.data.balance) }));
      setAmount('');
      setReason('');
    }
  };

  const message = error
    ? t(adminErrorKey(error, { INSUFFICIENT_FUNDS: 'actions.balance.insufficient' }), {
        balance: formatUsd(user.balance),
      })
    : null;

  return (
    <Section id="admin-balance" title={t('actions.balance.title')}>
      <p className="text-sm">
        {t('actions.balance.current')} <strong className="num">{formatUsd(user.balance)}</strong>
      </p>
      <form className="stack stack--sm" onSubmit={(e) => void submit(e)} noValidate>
        <div className="grid-2 grid--tight">
          <Field
            label={t('actions.balance.amount')}
            hint={t('actions.balance.amountHint')}
            error={invalid === 'amount' ? t('actions.balance.amountInvalid') : undefined}
            required
          >
            <TextInput
              value={amount}
              onChange={(e) => setAmount(e.target.value)}
              inputMode="decimal"
              autoComplete="off"
              mono
              maxLength={17}
            />
          </Field>
          <Field
            label={t('actions.balance.reason')}
            hint={t('actions.balance.reasonHint')}
            error={invalid === 'reason' ? t('actions.balance.reasonInvalid') : undefined}
            required
          >
            <TextInput value={reason} onChange={(e) => setReason(e.target.value)} maxLength={500} autoComplete="off" />
          </Field>
        </div>
        <Message error={message} success={done} />
        <div>
          <Button type="submit" variant="secondary" loading={isLoading}>
            {t('actions.balance.submit')}
          </Button>
        </div>
      </form>
    </Section>
  );
}

function SystemMessageSection({ user }: { user: AdminUserRow }) {
  const { t } = useTranslation('admin');
  const [text, setText] = useState({ en: '', ru: '', zh: '' });
  const [invalid, setInvalid] = useState(false);
  const [done, setDone] = useState<string | null>(null);
  const [post, { isLoading, error }] = usePostSystemMessageMutation();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setDone(null);
    if (!text.en.trim()) return setInvalid(true);
    setInvalid(false);
    const message: { en: string; ru?: string; zh?: string } = { en: text.en.trim() };
    if (text.ru.trim()) message.ru = text.ru.trim();
    if (text.zh.trim()) message.zh = text.zh.trim();
    const result = await post({ id: user.id, message });
    if (result.data) {
      setDone(t('actions.message.done', { id: result.data.id }));
      setText({ en: '', ru: '', zh: '' });
    }
  };

  const area = (lang: 'en' | 'ru' | 'zh') => (
    <Field
      key={lang}
      label={t(`actions.message.${lang}`)}
      required={lang === 'en'}
      optional={lang !== 'en'}
      error={lang === 'en' && invalid ? t('actions.message.enRequired') : undefined}
    >
      {(control) => (
        <textarea
          {...control}
          className="input"
          rows={3}
          maxLength={5000}
          value={text[lang]}
          onChange={(e) => setText((s) => ({ ...s, [lang]: e.target.value }))}
        />
      )}
    </Field>
  );

  return (
    <Section id="admin-message" title={t('actions.message.title')}>
      <p className="text-sm muted">{t('actions.message.hint')}</p>
      <form className="stack stack--sm" onSubmit={(e) => void submit(e)} noValidate>
        {area('en')}
        {area('ru')}
        {area('zh')}
        <Message error={error ? t(adminErrorKey(error)) : null} success={done} />
        <div>
          <Button type="submit" variant="secondary" loading={isLoading}>
            {t('actions.message.submit')}
          </Button>
        </div>
      </form>
    </Section>
  );
}

/** Everything an admin can do to one account, in one dialog. */
export function UserActionsModal({
  user,
  isSelf,
  onClose,
}: {
  user: AdminUserRow | null;
  isSelf: boolean;
  onClose(): void;
}) {
  const { t } = useTranslation('admin');
  const [updated, setUpdated] = useState<AdminUserRow | null>(null);
  // The latest answer about this user wins over the (possibly older) list row.
  const row = updated && user && updated.id === user.id ? updated : user;
  return (
    <Modal
      open={user !== null}
      onClose={() => {
        setUpdated(null);
        onClose();
      }}
      size="lg"
      title={row ? t('actions.title', { email: row.email }) : ''}
    >
      {row && (
        <div className="stack stack--lg">
          <div className="cluster cluster--sm">
            <span className="text-sm muted num">#{row.id}</span>
            <UserBadges user={row} />
          </div>
          <AccessSection user={row} isSelf={isSelf} onChange={setUpdated} />
          <BalanceSection user={row} onChange={setUpdated} />
          <SystemMessageSection user={row} />
        </div>
      )}
    </Modal>
  );
}
