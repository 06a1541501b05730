/**
 * The site search's words. Chinese has no spaces, and the words people search for are
 * often two characters (稳评, 年检), which trigram indexes cannot find: every run of CJK
 * characters is cut into overlapping bigrams (社会稳定 → 社会 会稳 稳定; a lone character
 * stays itself), and runs of Latin letters and digits are lower-case words. A query is cut
 * the same way; a document matches when it holds every token of every query term. The
 * tokens are ours, so SQLite's FTS5 and PostgreSQL's tsvector index exactly the same ones.
 */

const CJK = /[\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff\u{20000}-\u{2ffff}]/u;
/** Runs of CJK characters, or of Latin letters and digits; everything else separates. */
const RUN = /[\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff\u{20000}-\u{2ffff}]+|[a-z0-9]+/gu;

/** Full-width letters and digits (ＩＣＰ２０２６) become ASCII; Latin is lower-cased. */
export function normalize(text: string): string {
  return text.normalize('NFKC').toLowerCase();
}

function runTokens(run: string): string[] {
  if (!CJK.test(run[0])) return [run.slice(0, 40)];
  const chars = [...run];
  if (chars.length === 1) return chars;
  const grams: string[] = [];
  for (let i = 0; i < chars.length - 1; i += 1) grams.push(chars[i] + chars[i + 1]);
  return grams;
}

/** The distinct tokens of a document's text. */
export function documentTokens(text: string): string[] {
  const tokens = new Set<string>();
  for (const [run] of normalize(text).matchAll(RUN)) for (const t of runTokens(run)) tokens.add(t);
  return [...tokens];
}

export interface QueryTerm {
  /** The term as typed (normalised): what the page highlights and titles are matched against. */
  text: string;
  /** Tokens that must all be present. */
  tokens: string[];
  /** A single CJK character or a Latin word: also matches tokens that start with it. */
  prefix: boolean;
}

export const MAX_QUERY_TERMS = 8;

/** The terms of a search query: its runs (spaces and punctuation separate terms). */
export function queryTerms(query: string): QueryTerm[] {
  const terms: QueryTerm[] = [];
  const seen = new Set<string>();
  for (const [run] of normalize(query).matchAll(RUN)) {
    if (seen.has(run)) continue;
    seen.add(run);
    const cjk = CJK.test(run[0]);
    const single = cjk && [...run].length === 1;
    terms.push({ text: run, tokens: runTokens(run), prefix: single || !cjk });
    if (terms.length === MAX_QUERY_TERMS) break;
  }
  return terms;
}

/** FTS5 MATCH text: every token quoted (our tokens hold no quotes, but be safe), ANDed. */
export function fts5Match(terms: readonly QueryTerm[]): string {
  return terms
    .flatMap((t) => t.tokens.map((tok) => `"${tok.replace(/"/g, '""')}"${t.prefix ? '*' : ''}`))
    .join(' AND ');
}

/** PostgreSQL tsquery text (cast with ::tsquery, no parser involved): quoted lexemes ANDed. */
export function tsQuery(terms: readonly QueryTerm[]): string {
  return terms
    .flatMap((t) => t.tokens.map((tok) => `'${tok.replace(/\\/g, '\\\\').replace(/'/g, "''")}'${t.prefix ? ':*' : ''}`))
    .join(' & ');
}
