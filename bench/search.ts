/**
 * Site search at 10,000 published articles (target: p99 under 50 ms), on SQLite
 * and, when BENCH_DATABASE_URL is set, PostgreSQL, for two-character words, two words, a
 * phrase, a rare word and the worst case (a word every article holds):
 * - the engine alone: ENGINE_RUNS uncached searches one after another (pages 1–5), p50/p99;
 * - through HTTP: autocannon at SEARCH_CONNECTIONS connections repeating the query (so the
 *   result cache answers, as it does for popular searches), median of three 5-second runs.
 */
import { randomUUID } from 'node:crypto';
import { newAuditColumns } from '../server/db/versioned';
import type { Db, NewArticle } from '../server/db/types';
import { reindexAll } from '../server/fulltext/indexer';
import { searchUncached } from '../server/fulltext/query';
import { benchDialects, loadMedian, openBenchDatabase, rng, settleAfterSeeding, startApp, type LoadResult } from './lib';
import { percentile } from './stats';

export const ARTICLE_COUNT = 10_000;

// Articles are about one topic each, like a real association's news: a topic's own words
// appear in its articles, the general words in all of them.
const TOPICS = [
  ['稳评报告质量抽查', '稳评机构评估报告', '稳评从业人员'],
  ['年检材料报送', '年度检查工作', '年检结果公示'],
  ['征地拆迁项目评估', '拆迁安置方案', '征地补偿标准'],
  ['重大决策风险排查', '重大行政决策程序', '决策风险评估'],
  ['从业人员继续教育', '业务培训班', '培训学时认定'],
  ['信访矛盾化解', '群众来信来访', '矛盾纠纷排查'],
  ['重大工程社会风险调查', '工程项目选址', '周边群众意见'],
  ['会员代表大会', '理事会会议', '协会章程修订'],
  ['专家库建设', '专家评审会', '专家咨询意见'],
  ['行业自律公约', '诚信体系建设', '行业规范'],
  ['城市更新改造', '老旧小区改造', '居民意愿调查'],
  ['环境影响与邻避问题', '垃圾处理设施', '化工项目选址'],
];
const SUBJECTS = ['协会', '会员单位', '评估机构', '有关部门', '专家组', '项目组', '秘书处'];
const VERBS = ['组织开展', '认真落实', '研究部署', '全面推进', '深入调研', '督促检查', '总结交流'];
const GENERAL = ['各项工作', '相关任务', '制度建设', '宣传教育', '调查研究', '信息报送', '工作机制'];
const TAILS = ['，取得积极成效。', '，进一步规范了工作程序。', '，有效防范化解了各类风险。', '，得到有关部门充分肯定。', '。'];
const RARE = ['量子纠缠', '火星基地', '深海探测'];

function paragraph(next: () => number, topic: string[]): string {
  const pick = <T>(list: T[]) => list[Math.floor(next() * list.length)];
  const object = next() < 0.3 ? pick(topic) : pick(GENERAL);
  return `${pick(SUBJECTS)}${pick(VERBS)}${object}${pick(TAILS)}`;
}

export function makeArticles(count: number, now: Date): NewArticle[] {
  const next = rng(20261123);
  const rows: NewArticle[] = [];
  for (let i = 0; i < count; i += 1) {
    const topic = TOPICS[Math.floor(next() * TOPICS.length)];
    const paragraphs = Array.from({ length: 20 + Math.floor(next() * 30) }, () => paragraph(next, topic));
    // One article in a thousand mentions a rare word.
    if (i % 1000 === 7) paragraphs.push(`本文还涉及${RARE[i % RARE.length]}。`);
    const publishAt = new Date(now.getTime() - (i + 1) * 3_600_000).toISOString();
    rows.push({
      id: randomUUID(),
      title: `${topic[0]}：${paragraphs[0].slice(0, 16)}（第${i + 1}期）`,
      category: (['work', 'news', 'industry'] as const)[i % 3],
      summary: paragraphs[1],
      cover_file_id: null,
      content: paragraphs.map((p) => `<p>${p}</p>`).join(''),
      author: '协会秘书处',
      source: '本站',
      publish_at: publishAt,
      status: 'published',
      pinned: 0,
      view_count: 0,
      ...newAuditColumns(publishAt),
    });
  }
  return rows;
}

/** `count` published articles in one transaction, with the search index rebuilt; returns them. */
export async function seedArticles(db: Db, count: number): Promise<NewArticle[]> {
  const articles = makeArticles(count, new Date());
  await db.transaction().execute(async (trx) => {
    for (let i = 0; i < articles.length; i += 500) await trx.insertInto('articles').values(articles.slice(i, i + 500)).execute();
    await reindexAll(trx);
  });
  return articles;
}

/** Typical searches, then the worst case: a word in every article (协会). */
export const QUERIES = ['稳评', '年检', '征地 拆迁', '重大行政决策', '量子纠缠', '协会'];

export const SEARCH_CONNECTIONS = 50;
/** Sequential uncached searches per query, for the engine's own latency. */
const ENGINE_RUNS = 200;

export interface SearchBenchRow {
  dialect: string;
  query: string;
  hits: number;
  /** The engine alone, without the result cache: one search at a time, in process. */
  engine: { p50: number; p99: number };
  /** Through HTTP at SEARCH_CONNECTIONS connections (repeated queries: the cache answers). */
  result: LoadResult;
}

export async function runSearchBench(log: (line: string) => void = console.log): Promise<SearchBenchRow[]> {
  const rows: SearchBenchRow[] = [];
  for (const dialect of benchDialects) {
    const bench = await openBenchDatabase(dialect);
    try {
      log(`search/${dialect}: seeding ${ARTICLE_COUNT} articles…`);
      await seedArticles(bench.db.kysely, ARTICLE_COUNT);
      // What autovacuum does on a live server: statistics, so the planner uses the word index.
      await settleAfterSeeding(bench);
      const { app, url } = await startApp(bench);
      try {
        for (const q of QUERIES) {
          const path = `${url}/api/v1/public/search?q=${encodeURIComponent(q)}`;
          const probe = (await (await fetch(path)).json()) as { data: { total: number } };
          const times: number[] = [];
          for (let i = 0; i < ENGINE_RUNS; i += 1) {
            const t0 = performance.now();
            await searchUncached(bench.db.kysely, { q, current: 1 + (i % 5) }, new Date().toISOString());
            times.push(performance.now() - t0);
          }
          times.sort((a, b) => a - b);
          const engine = { p50: Number(percentile(times, 50).toFixed(1)), p99: Number(percentile(times, 99).toFixed(1)) };
          const result = await loadMedian(path, 3, { connections: SEARCH_CONNECTIONS });
          rows.push({ dialect, query: q, hits: probe.data.total, engine, result });
          log(
            `search/${dialect} "${q}" (${probe.data.total} hits): engine p50 ${engine.p50} ms p99 ${engine.p99} ms; HTTP ${result.rps.toFixed(0)} req/s, p50 ${result.p50} ms, p99 ${result.p99} ms`,
          );
        }
      } finally {
        await app.close();
      }
    } finally {
      await bench.dispose();
    }
  }
  return rows;
}
