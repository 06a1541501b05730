/**
 * Picks a published article for a carousel link: a search over the articles list
 * (state=published, by title). The current choice is named even when it is not among the
 * results.
 */
import { Select } from 'antd';
import { useEffect, useRef, useState } from 'react';
import type { ArticleRecord } from '@common/schemas/content';
import { articles } from '@/services/content';

interface Option {
  value: string;
  label: string;
}

export interface ArticlePickerProps {
  value?: string;
  onChange?: (id: string | undefined) => void;
  id?: string;
}

const toOption = (a: Pick<ArticleRecord, 'id' | 'title'>): Option => ({ value: a.id, label: a.title });

export default function ArticlePicker({ value, onChange, id }: ArticlePickerProps) {
  const [options, setOptions] = useState<Option[]>([]);
  const [loading, setLoading] = useState(false);
  const [chosen, setChosen] = useState<Option | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const latest = useRef(0);

  const search = (keyword: string) => {
    clearTimeout(timer.current);
    timer.current = setTimeout(() => {
      const call = ++latest.current;
      setLoading(true);
      articles
        .list({ state: 'published', keyword: keyword.trim() || undefined, pageSize: 20, sort: 'publishAt,desc' })
        .then((page) => {
          if (call === latest.current) setOptions(page.list.map(toOption));
        })
        .catch(() => undefined)
        .finally(() => call === latest.current && setLoading(false));
    }, 300);
  };

  useEffect(() => {
    search('');
    return () => clearTimeout(timer.current);
    // Once: the first page of published articles.
  }, []);

  // A saved link names an article that may not be in the first results: ask for its title.
  useEffect(() => {
    if (!value || chosen?.value === value || options.some((o) => o.value === value)) return;
    let live = true;
    articles
      .get(value, { skipErrorHandler: true })
      .then((a) => live && setChosen(toOption(a)))
      .catch(() => live && setChosen({ value, label: `文章 ${value}（未找到或无权查看）` }));
    return () => {
      live = false;
    };
  }, [value, chosen, options]);

  const merged = chosen && !options.some((o) => o.value === chosen.value) ? [chosen, ...options] : options;

  return (
    <Select<string>
      id={id}
      showSearch={{ filterOption: false, onSearch: search }}
      allowClear
      placeholder="输入标题搜索已发布的文章"
      value={value}
      loading={loading}
      options={merged}
      notFoundContent={loading ? '搜索中…' : '没有找到已发布的文章'}
      onChange={(next, option) => {
        if (option && !Array.isArray(option)) setChosen({ value: next, label: String(option.label) });
        onChange?.(next);
      }}
    />
  );
}
