import { useState } from 'react';
import { useTranslation } from '#web/lib/i18n-react.ts';
import { Button } from '#web/components/button/button.tsx';
import { Modal } from '#web/components/modal/modal.tsx';
import { Card } from '#web/components/ui/card.tsx';
import { Field, TextInput } from '#web/components/ui/field.tsx';
import { useRotateApiKeyMutation } from './api.ts';
import { CopyButton } from './copy-button.tsx';
import { errorKey } from './errors.ts';
import { FormMessage } from './states.tsx';

export interface ApiKeyFieldProps {
  value: string;
  label: string;
  hint?: string;
  copy: { label: string; copied: string; failed: string };
}

/** The key in a read-only monospace input (selectable, labelled) with a copy button. */
export function ApiKeyField({ value, label, hint, copy }: ApiKeyFieldProps) {
  return (
    <div className="key-field">
      <Field label={label} hint={hint}>
        <TextInput
          value={value}
          readOnly
          mono
          spellCheck={false}
          autoComplete="off"
          onFocus={(e) => e.currentTarget.select()}
          data-testid="api-key"
        />
      </Field>
      <CopyButton
        value={value}
        label={copy.label}
        copiedLabel={copy.copied}
        failedLabel={copy.failed}
        className="key-field__copy"
      />
    </div>
  );
}

/** Profile card: the API key, copy, and rotation behind a confirmation. */
export function ApiKeyCard({ apiKey }: { apiKey: string }) {
  const { t } = useTranslation('profile');
  const [confirming, setConfirming] = useState(false);
  const [rotated, setRotated] = useState(false);
  const [rotate, { isLoading, error, reset }] = useRotateApiKeyMutation();

  const close = () => {
    setConfirming(false);
    reset();
  };
  const confirm = async () => {
    const result = await rotate();
    if (!result.error) {
      setConfirming(false);
      setRotated(true);
    }
  };

  return (
    <Card
      title={t('overview.apiKey.title')}
      description={t('overview.apiKey.description')}
      actions={
        <Button
          variant="secondary"
          onClick={() => {
            setRotated(false);
            setConfirming(true);
          }}
        >
          {t('overview.apiKey.rotate')}
        </Button>
      }
    >
      <div className="stack">
        <ApiKeyField
          value={apiKey}
          label={t('overview.apiKey.label')}
          copy={{ label: t('common.copy'), copied: t('common.copied'), failed: t('common.copyFailed') }}
        />
        <FormMessage success={rotated ? t('overview.apiKey.rotated') : null} />
      </div>
      <Modal
        open={confirming}
        onClose={close}
        size="sm"
        title={t('overview.apiKey.rotateTitle')}
        footer={
          <>
            <Button variant="secondary" onClick={close}>
              {t('common.cancel')}
            </Button>
            <Button variant="primary-danger" loading={isLoading} onClick={() => void confirm()}>
              {t('overview.apiKey.rotateConfirm')}
            </Button>
          </>
        }
      >
        <div className="stack stack--sm">
          <p>{t('overview.apiKey.rotateText')}</p>
          <FormMessage error={error ? t(errorKey(error)) : null} />
        </div>
      </Modal>
    </Card>
  );
}
