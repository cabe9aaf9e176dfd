import { useId, useState } from 'react';
import { useTranslation } from '#web/lib/i18n-react.ts';
import type { TypePrice } from '#shared/contracts/pricing.ts';
import { Card } from '#web/components/ui/card.tsx';

const nf = (lang: string, currency: string) => new Intl.NumberFormat(lang, { style: 'currency', currency, minimumFractionDigits: 2, maximumFractionDigits: 4 });

/**
 * What a batch costs at today's live price: one task per image and class (a frame task names one
 * class), times the annotators who each solve it for 100 % recognition. Arithmetic on the price
 * list only; the price moves with the load, so the figure holds for now.
 */
export function Estimator({ types, currency, lang }: { types: TypePrice[]; currency: string; lang: string }) {
  const { t } = useTranslation(['labelling', 'pricing']);
  const [slug, setSlug] = useState(types[0]?.slug ?? '');
  const [images, setImages] = useState(100);
  const [classes, setClasses] = useState(2);
  const [annotators, setAnnotators] = useState(2);
  const ids = { type: useId(), images: useId(), classes: useId(), annotators: useId() };
  const type = types.find((x) => x.slug === slug) ?? types[0];
  if (!type) return null;
  const perClass = slug === 'bounding_box' || slug === 'coordinates';
  const tasks = images * (perClass ? classes : 1) * annotators;
  const total = (Number(type.per1000) / 1000) * tasks;
  const clamp = (v: string, min: number, max: number) => Math.min(max, Math.max(min, Math.floor(Number(v) || min)));
  return (
    <Card as="section" title={t('estimator.title')} headingLevel={2} description={t('estimator.lead')}>
      <form className="data-estimator" onSubmit={(e) => e.preventDefault()}>
        <div className="field">
          <label className="field__label" htmlFor={ids.type}>
            {t('estimator.type')}
          </label>
          <select id={ids.type} className="input" value={slug} onChange={(e) => setSlug(e.target.value)}>
            {types.map((x) => (
              <option key={x.slug} value={x.slug}>
                {t(x.nameKey)}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label className="field__label" htmlFor={ids.images}>
            {t('estimator.images')}
          </label>
          <input id={ids.images} className="input" type="number" min={1} max={1_000_000} value={images} onChange={(e) => setImages(clamp(e.target.value, 1, 1_000_000))} />
        </div>
        {perClass && (
          <div className="field">
            <label className="field__label" htmlFor={ids.classes}>
              {t('estimator.classes')}
            </label>
            <input id={ids.classes} className="input" type="number" min={1} max={50} value={classes} onChange={(e) => setClasses(clamp(e.target.value, 1, 50))} />
          </div>
        )}
        <div className="field">
          <label className="field__label" htmlFor={ids.annotators}>
            {t('estimator.annotators')}
          </label>
          <input id={ids.annotators} className="input" type="number" min={1} max={5} value={annotators} onChange={(e) => setAnnotators(clamp(e.target.value, 1, 5))} />
        </div>
      </form>
      <p className="data-estimator__total" role="status" aria-live="polite">
        {t('estimator.total', { count: tasks, tasks: new Intl.NumberFormat(lang).format(tasks), total: nf(lang, currency).format(total) })}
      </p>
      <p className="text-sm muted">{t('estimator.note', { per1000: nf(lang, currency).format(Number(type.per1000)) })}</p>
    </Card>
  );
}
