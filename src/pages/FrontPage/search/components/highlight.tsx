/**
 * Marks the matched words in a plain-text title or snippet with <mark>, as React elements:
 * search text is never HTML (no dangerouslySetInnerHTML), so nothing in it can run.
 * Overlapping and adjacent matches (the server's two-character pieces 风险 + 险评 + 评估)
 * merge into one mark.
 */
import type { ReactNode } from 'react';

/** [start, end) ranges of `text` covered by any of `terms` (case-insensitive), merged. */
export function matchRanges(text: string, terms: readonly string[]): [number, number][] {
  const lower = text.toLowerCase();
  // Lower-casing may change lengths for a few scripts; then match as written.
  const haystack = lower.length === text.length ? lower : text;
  const covered = new Array<boolean>(text.length).fill(false);
  for (const raw of terms) {
    const term = raw.trim();
    if (!term) continue;
    const needle = haystack === lower ? term.toLowerCase() : term;
    for (let at = haystack.indexOf(needle); at !== -1; at = haystack.indexOf(needle, at + 1)) {
      covered.fill(true, at, at + needle.length);
    }
  }
  const ranges: [number, number][] = [];
  for (let i = 0; i < covered.length; i += 1) {
    if (!covered[i]) continue;
    const start = i;
    while (i < covered.length && covered[i]) i += 1;
    ranges.push([start, i]);
  }
  return ranges;
}

export function highlight(text: string, terms: readonly string[], markClass?: string): ReactNode[] {
  const ranges = matchRanges(text, terms);
  if (ranges.length === 0) return [text];
  const parts: ReactNode[] = [];
  let last = 0;
  for (const [start, end] of ranges) {
    if (start > last) parts.push(text.slice(last, start));
    parts.push(
      <mark key={start} className={markClass}>
        {text.slice(start, end)}
      </mark>,
    );
    last = end;
  }
  if (last < text.length) parts.push(text.slice(last));
  return parts;
}
