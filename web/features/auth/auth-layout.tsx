import { useEffect, useId, useRef, type ReactNode } from 'react';
import { Banner } from '#web/components/ui/banner.tsx';
import { Card } from '#web/components/ui/card.tsx';
import { cx } from '#web/components/ui/class-names.ts';
import { Icon } from '#web/components/ui/icon.tsx';
import { Spinner } from '#web/components/ui/spinner.tsx';

export type AuthTone = 'pending' | 'success' | 'danger' | 'warning' | 'info';

export interface AuthLayoutProps {
  /** The page's one h1. */
  title: ReactNode;
  lead?: ReactNode;
  /** A state icon above the title (hash links, sign-out). */
  tone?: AuthTone;
  /**
   * Announces title and lead when they change: `status` for progress and success,
   * `alert` for a failure the page reports instead of its form.
   */
  announce?: 'status' | 'alert';
  /** Links under the card body, e.g. "No account yet? Create one". */
  footer?: ReactNode;
  /** For the user-type cards: room for three columns on wide screens. */
  wide?: boolean;
  /** Moves focus to the title when set, for a page that replaced its form by a result. */
  focusTitle?: boolean;
  children?: ReactNode;
}

/** The frame of every authentication screen: one centred card with a heading. */
export function AuthLayout({
  title,
  lead,
  tone,
  announce,
  footer,
  wide = false,
  focusTitle = false,
  children,
}: AuthLayoutProps) {
  const titleId = useId();
  const titleRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (focusTitle) titleRef.current?.focus();
  }, [focusTitle]);
  return (
    <div className="section auth-page">
      <div className="container">
        <Card
          as="section"
          padding="lg"
          aria-labelledby={titleId}
          className={cx('auth-card', wide && 'auth-card--wide')}
          footer={footer}
        >
          <div className="stack stack--lg">
            <header
              // A new element when the role changes: screen readers announce an inserted alert reliably.
              key={announce ?? 'quiet'}
              className={cx('auth-card__header', tone && 'auth-card__header--centered')}
              role={announce}
            >
              {tone && <AuthIcon tone={tone} />}
              <h1 id={titleId} ref={titleRef} tabIndex={-1} className="auth-card__title">
                {title}
              </h1>
              {lead != null && <p className="auth-card__lead">{lead}</p>}
            </header>
            {children}
          </div>
        </Card>
      </div>
    </div>
  );
}

function AuthIcon({ tone }: { tone: AuthTone }) {
  if (tone === 'pending') {
    return (
      <span className="auth-card__icon">
        <Spinner size="lg" />
      </span>
    );
  }
  return (
    <span className={cx('auth-card__icon', `auth-card__icon--${tone}`)} aria-hidden="true">
      <Icon name={tone} size={32} />
    </span>
  );
}

/** A failed request, announced at once. */
export function FormAlert({ children }: { children: ReactNode }) {
  return (
    <Banner tone="danger" role="alert">
      {children}
    </Banner>
  );
}

/** A request that went through, announced politely. */
export function FormNotice({ children, tone = 'success' }: { children: ReactNode; tone?: 'success' | 'info' }) {
  return (
    <Banner tone={tone} role="status">
      {children}
    </Banner>
  );
}

/** The `<title>` of an auth page, plus noindex: these pages are for people with a reason to be there. */
export function AuthHead({ title }: { title: string }) {
  return (
    <>
      <title>{title}</title>
      <meta name="robots" content="noindex" />
    </>
  );
}
