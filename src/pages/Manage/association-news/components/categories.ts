/**
 * Article categories with their labels: the seed's labels at once (common/dictionaries.ts),
 * then the dictionary's current ones (staff may rename them), for the table and the form.
 */
import { useEffect, useState } from 'react';
import { DICTIONARIES } from '@common/dictionaries';
import { ARTICLE_CATEGORY_VALUES, type ArticleCategoryValue } from '@common/schemas/content';
import { getDictItems } from '@/services/dict';

export type CategoryLabels = Record<ArticleCategoryValue, string>;

const SEED_LABELS = Object.fromEntries(
  ARTICLE_CATEGORY_VALUES.map((value) => [
    value,
    DICTIONARIES.find((d) => d.code === 'article_category')?.items.find((i) => i.value === value)?.label ?? value,
  ]),
) as CategoryLabels;

export function useCategoryLabels(): CategoryLabels {
  const [labels, setLabels] = useState<CategoryLabels>(SEED_LABELS);
  useEffect(() => {
    let live = true;
    getDictItems('article_category')
      .then((items) => {
        if (!live) return;
        const next = { ...SEED_LABELS };
        for (const item of items) {
          if ((ARTICLE_CATEGORY_VALUES as readonly string[]).includes(item.value)) next[item.value as ArticleCategoryValue] = item.label;
        }
        setLabels(next);
      })
      .catch(() => undefined); // the seed's labels stay
    return () => {
      live = false;
    };
  }, []);
  return labels;
}

export function categoryOptions(labels: CategoryLabels) {
  return ARTICLE_CATEGORY_VALUES.map((value) => ({ value, label: labels[value] }));
}
