import { useEffect, useRef, useState } from 'react';
import { useTranslation } from '#web/lib/i18n-react.ts';
import { CustomerLayout } from '#web/features/customer/customer-layout.tsx';
import { TestCaptchaForm } from '#web/features/customer/testcaptcha-form.tsx';
import { TestCaptchaResult } from '#web/features/customer/testcaptcha-result.tsx';

/** /testcaptcha: submit a real task through the API's service and watch its answer arrive. */
export default function Page() {
  const { t } = useTranslation('customer');
  const [taskId, setTaskId] = useState<number | null>(null);
  const result = useRef<HTMLDivElement>(null);
  // The result replaces the form: take keyboard and screen-reader focus there.
  useEffect(() => {
    if (taskId !== null) result.current?.focus();
  }, [taskId]);
  return (
    <CustomerLayout title={t('nav.items.testcaptcha')} lead={t('test.lead')}>
      {taskId === null ? (
        <TestCaptchaForm onSubmitted={(id) => setTaskId(id)} />
      ) : (
        <div ref={result} tabIndex={-1} className="test-result-region" aria-label={t('test.result.title', { id: taskId })}>
          <TestCaptchaResult key={taskId} id={taskId} onAnother={() => setTaskId(null)} />
        </div>
      )}
    </CustomerLayout>
  );
}
