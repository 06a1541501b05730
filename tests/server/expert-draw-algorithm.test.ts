/**
 * The expert draw's pure parts: the generator, the shuffle, composition, sampling (draw.ts), the
 * 回避 rules (exclusions.ts), the panel's result and the standing flag (panelResult.ts), and the
 * worked example of docs/expert-draw.md, recomputed here from HMAC-SHA256 directly so that the
 * page, the code and the procedure it describes agree.
 */
import { createHash, createHmac } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import {
  EXCLUSION_REASONS,
  EXCLUSION_RULE_CODES,
  REVIEW_CONCLUSION_LABELS,
  REVIEW_CONCLUSION_VALUES,
  conclusionStrictness,
  isValidPanelSize,
  panelRulesProblem,
  sampleCountForShare,
  type ReviewConclusion,
} from '@common/expertReview';
import {
  DRAW_ALGORITHM_VERSION,
  DrawRandom,
  drawPanel,
  newDrawSeed,
  sampleIds,
  shuffleIds,
  sortIds,
  type DrawCandidate,
  type PanelRules,
} from '../../server/quality/draw';
import {
  classifyPool,
  daysBefore,
  normaliseUnitName,
  sameUnitName,
  yearsBefore,
  type DrawContext,
  type ExpertFacts,
} from '../../server/quality/exclusions';
import { panelResult, recentRatingAverage, standingFlag } from '../../server/quality/panelResult';
import { DRAW_POOL_FORMAT, decodeDrawPool, encodeDrawPool, runDraw, type DrawPool } from '../../server/quality/records';

/** A fixed seed per label, so that every run checks the same cases. */
const seedOf = (label: string) => createHash('sha256').update(label).digest('hex');

/** Words of the generator computed straight from its definition (docs/expert-draw.md, "The generator"). */
function referenceWords(seedHex: string, count: number): number[] {
  const words: number[] = [];
  for (let block = 0; words.length < count; block += 1) {
    const message = Buffer.alloc(8);
    message.writeBigUInt64BE(BigInt(block));
    const digest = createHmac('sha256', Buffer.from(seedHex, 'hex')).update(message).digest();
    for (let at = 0; at < 32 && words.length < count; at += 4) words.push(digest.readUInt32BE(at));
  }
  return words;
}

/** Fisher–Yates as the page describes it, from the reference words with their rejection rule. */
function referenceShuffle(ids: readonly string[], seedHex: string): string[] {
  const order = [...ids].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  const words = referenceWords(seedHex, order.length * 2 + 8);
  let next = 0;
  for (let i = order.length - 1; i >= 1; i -= 1) {
    const n = i + 1;
    const limit = 2 ** 32 - (2 ** 32 % n);
    let word = words[next++];
    while (word >= limit) word = words[next++];
    const j = word % n;
    [order[i], order[j]] = [order[j], order[i]];
  }
  return order;
}

const ids = (count: number, prefix = 'x') => Array.from({ length: count }, (_, i) => `${prefix}${String(i).padStart(4, '0')}`);

describe('the generator', () => {
  it('gives the big-endian words of HMAC-SHA256(seed, block number) in order, across blocks', () => {
    const seed = seedOf('generator');
    const random = new DrawRandom(seed);
    const words = Array.from({ length: 20 }, () => random.nextUint32());
    expect(words).toEqual(referenceWords(seed, 20));
    expect(new Set(words).size).toBe(20);
  });

  it('takes only 64 lower-case hex digits as a seed', () => {
    expect(() => new DrawRandom('ab'.repeat(31))).toThrow(RangeError);
    expect(() => new DrawRandom('AB'.repeat(32))).toThrow(RangeError);
    expect(() => new DrawRandom(`${'0'.repeat(63)}g`)).toThrow(RangeError);
    expect(() => new DrawRandom('0'.repeat(64))).not.toThrow();
  });

  it('makes seeds from the operating system, never from Math.random', () => {
    const spy = vi.spyOn(Math, 'random');
    try {
      const a = newDrawSeed();
      const b = newDrawSeed();
      expect(a).toMatch(/^[0-9a-f]{64}$/);
      expect(b).not.toBe(a);
      shuffleIds(ids(50), a);
      drawPanel(candidatesOf(12), { panelSize: 5, backupCount: 2, requiredCategories: [], wantedSpecialties: [] }, b);
      expect(spy).not.toHaveBeenCalled();
    } finally {
      spy.mockRestore();
    }
  });

  it('below(n) throws words at or above the largest multiple of n away, and takes the next', () => {
    // n = 2³¹ + 1: limit = 2³² − (2³¹ − 1) = 2³¹ + 1, so about half the words are refused. This
    // seed's first three words are all at or above it; the fourth is the answer.
    const seed = '97b7d0f111178d9f5ea29a5baa953e71df142e0126832c14c70298b3c99ed99d';
    const n = 2 ** 31 + 1;
    const words = referenceWords(seed, 5);
    expect(words.slice(0, 3).every((w) => w >= n)).toBe(true);
    expect(words[3]).toBeLessThan(n);
    const random = new DrawRandom(seed);
    expect(random.below(n)).toBe(words[3] % n);
    // The refused words are used up, not reused.
    expect(random.nextUint32()).toBe(words[4]);
    // Plain `word mod n` would have answered with the first word.
    expect(new DrawRandom(seed).below(n)).not.toBe(words[0] % n);
  });

  it('below(n) has no modulo bias: with n = 3·2³⁰ the lowest third is a third, not a half', () => {
    // Plain `word mod n` would map the top quarter of the words onto 0 … 2³⁰ − 1 as well,
    // making that range half of all answers.
    const n = 3 * 2 ** 30;
    const random = new DrawRandom(seedOf('bias'));
    let low = 0;
    const draws = 6000;
    for (let k = 0; k < draws; k += 1) {
      const value = random.below(n);
      expect(value).toBeGreaterThanOrEqual(0);
      expect(value).toBeLessThan(n);
      if (value < 2 ** 30) low += 1;
    }
    expect(low / draws).toBeGreaterThan(0.3);
    expect(low / draws).toBeLessThan(0.37);
  });

  it('below(n) takes whole n from 1 to 2³²; below(1) is 0 and still takes a word', () => {
    const seed = seedOf('below-1');
    const random = new DrawRandom(seed);
    expect(random.below(1)).toBe(0);
    expect(random.nextUint32()).toBe(referenceWords(seed, 2)[1]);
    expect(new DrawRandom(seed).below(2 ** 32)).toBe(referenceWords(seed, 1)[0]);
    for (const bad of [0, -1, 1.5, 2 ** 32 + 1, Number.NaN]) expect(() => random.below(bad)).toThrow(RangeError);
  });
});

describe('the shuffle', () => {
  it('is a permutation of the ids, for any size', () => {
    for (const count of [0, 1, 2, 3, 10, 257]) {
      const pool = ids(count);
      const shuffled = shuffleIds(pool, seedOf(`perm-${count}`));
      expect(shuffled).toHaveLength(count);
      expect([...shuffled].sort()).toEqual([...pool].sort());
    }
  });

  it('is Fisher–Yates over the ids sorted as text, as docs/expert-draw.md describes it', () => {
    const pool = ['e10', 'e2', 'E3', 'e1', 'a-9', 'e20', 'b'];
    for (const label of ['fy-1', 'fy-2', 'fy-3']) {
      expect(shuffleIds(pool, seedOf(label))).toEqual(referenceShuffle(pool, seedOf(label)));
    }
    expect(sortIds(pool)).toEqual(['E3', 'a-9', 'b', 'e1', 'e10', 'e2', 'e20']);
  });

  it('gives the same order for the same seed and pool, whatever order the pool comes in', () => {
    const pool = ids(40);
    const seed = seedOf('same');
    expect(shuffleIds(pool, seed)).toEqual(shuffleIds([...pool].reverse(), seed));
    expect(shuffleIds(pool, seed)).toEqual(shuffleIds(pool, seed));
  });

  it('gives another order for another seed or another pool', () => {
    const pool = ids(40);
    const a = shuffleIds(pool, seedOf('seed-a'));
    expect(shuffleIds(pool, seedOf('seed-b'))).not.toEqual(a);
    // One expert fewer moves the others too.
    expect(shuffleIds(pool.slice(1), seedOf('seed-a'))).not.toEqual(a.filter((id) => id !== pool[0]));
  });

  it('gives each of the six orders of three ids about equally often', () => {
    const counts = new Map<string, number>();
    const runs = 6000;
    for (let k = 0; k < runs; k += 1) {
      const key = shuffleIds(['a', 'b', 'c'], seedOf(`uniform-${k}`)).join('');
      counts.set(key, (counts.get(key) ?? 0) + 1);
    }
    expect(counts.size).toBe(6);
    for (const count of counts.values()) {
      expect(count).toBeGreaterThan(850);
      expect(count).toBeLessThan(1150);
    }
  });

  it('refuses a pool with an id twice', () => {
    expect(() => shuffleIds(['a', 'b', 'a'], seedOf('dup'))).toThrow(RangeError);
  });
});

describe('sampling', () => {
  it('is the first `count` of the shuffle, the same again for the same seed and candidates', () => {
    const projects = ids(120, 'p');
    const seed = seedOf('sample');
    const sample = sampleIds(projects, 12, seed);
    expect(sample).toEqual(shuffleIds(projects, seed).slice(0, 12));
    expect(sampleIds([...projects].reverse(), 12, seed)).toEqual(sample);
    expect(new Set(sample).size).toBe(12);
    expect(sampleIds(projects, 12, seedOf('sample-2'))).not.toEqual(sample);
    expect(sampleIds(projects, 0, seed)).toEqual([]);
    expect(sampleIds(projects.slice(0, 5), 12, seed)).toHaveLength(5);
    expect(() => sampleIds(projects, -1, seed)).toThrow(RangeError);
    expect(() => sampleIds(projects, 1.5, seed)).toThrow(RangeError);
  });

  it('turns a share into a count by rounding up', () => {
    expect(sampleCountForShare(25, 10)).toBe(3);
    expect(sampleCountForShare(30, 10)).toBe(3);
    expect(sampleCountForShare(1, 10)).toBe(1);
    expect(sampleCountForShare(0, 10)).toBe(0);
    expect(sampleCountForShare(7, 100)).toBe(7);
    expect(() => sampleCountForShare(10, 0)).toThrow(RangeError);
    expect(() => sampleCountForShare(10, 101)).toThrow(RangeError);
  });
});

const CATEGORIES = ['social_science', 'engineering', 'management'];
const SPECIALTIES = ['law', 'economics', 'sociology', 'urban_planning', 'environment', 'work_safety', 'psychology', 'management', 'construction'];

/** `count` experts spread over the categories, one specialty each by turn. */
function candidatesOf(count: number, prefix = 'ex'): DrawCandidate[] {
  return Array.from({ length: count }, (_, i) => ({
    expertId: `${prefix}${String(i).padStart(4, '0')}`,
    category: CATEGORIES[i % CATEGORIES.length],
    specialties: [SPECIALTIES[i % SPECIALTIES.length]],
  }));
}

const noRules = (panelSize = 5, backupCount = 2): PanelRules => ({ panelSize, backupCount, requiredCategories: [], wantedSpecialties: [] });

/**
 * The composition of docs/expert-draw.md for rules no more than the seats (no look-ahead needed):
 * walk the shuffled order taking whoever meets a rule still open, then rank the taken first.
 */
function referencePanel(candidates: readonly DrawCandidate[], rules: PanelRules, order: readonly string[]) {
  const byId = new Map(candidates.map((c) => [c.expertId, c]));
  const open = [...rules.requiredCategories.map((value) => ({ category: value })), ...rules.wantedSpecialties.map((value) => ({ specialty: value }))];
  const meets = (id: string, rule: { category?: string; specialty?: string }) =>
    rule.category !== undefined ? byId.get(id)?.category === rule.category : byId.get(id)?.specialties.includes(rule.specialty ?? '') === true;
  const taken: string[] = [];
  for (const id of order) {
    if (open.length === 0) break;
    if (!open.some((rule) => meets(id, rule))) continue;
    taken.push(id);
    for (let r = open.length - 1; r >= 0; r -= 1) if (meets(id, open[r])) open.splice(r, 1);
  }
  const ranked = [...taken, ...order.filter((id) => !taken.includes(id))];
  return { panel: ranked.slice(0, rules.panelSize), backups: ranked.slice(rules.panelSize, rules.panelSize + rules.backupCount) };
}

describe('the panel', () => {
  it('without composition rules is the first panelSize of the shuffle, the backups the next ones', () => {
    const pool = candidatesOf(30);
    const seed = seedOf('plain');
    const outcome = drawPanel(pool, noRules(5, 3), seed);
    const order = shuffleIds(pool.map((c) => c.expertId), seed);
    expect(outcome).toEqual({ ok: true, order, panel: order.slice(0, 5), backups: order.slice(5, 8) });
  });

  it('is the same for the same record, and another for another seed or pool', () => {
    const pool = candidatesOf(40);
    const rules: PanelRules = { panelSize: 5, backupCount: 2, requiredCategories: ['engineering'], wantedSpecialties: ['law'] };
    const a = drawPanel(pool, rules, seedOf('record'));
    expect(drawPanel([...pool].reverse(), rules, seedOf('record'))).toEqual(a);
    const b = drawPanel(pool, rules, seedOf('record-other'));
    const c = drawPanel(pool.slice(1), rules, seedOf('record'));
    if (!a.ok || !b.ok || !c.ok) throw new Error('expected panels');
    expect(b.panel).not.toEqual(a.panel);
    expect(c.order).not.toEqual(a.order.filter((id) => id !== pool[0].expertId));
  });

  it('meets every rule when it can: the experts the rules need first, in shuffled order, then the rest', () => {
    const pool = candidatesOf(60);
    const rules: PanelRules = { panelSize: 5, backupCount: 2, requiredCategories: ['engineering', 'management'], wantedSpecialties: ['law', 'environment'] };
    const byId = new Map(pool.map((c) => [c.expertId, c]));
    for (let k = 0; k < 200; k += 1) {
      const outcome = drawPanel(pool, rules, seedOf(`compose-${k}`));
      if (!outcome.ok) throw new Error(outcome.message);
      const members = outcome.panel.map((id) => byId.get(id));
      for (const category of rules.requiredCategories) expect(members.some((m) => m?.category === category)).toBe(true);
      for (const specialty of rules.wantedSpecialties) expect(members.some((m) => m?.specialties.includes(specialty))).toBe(true);
      expect(outcome.panel).toHaveLength(5);
      expect(outcome.backups).toHaveLength(2);
      expect({ panel: outcome.panel, backups: outcome.backups }).toEqual(referencePanel(pool, rules, outcome.order));
      // The backups are the first of the shuffled order off the panel.
      expect(outcome.backups).toEqual(outcome.order.filter((id) => !outcome.panel.includes(id)).slice(0, 2));
    }
  });

  it('takes the only expert who meets a rule, wherever the shuffle puts them', () => {
    const pool = [...candidatesOf(20).map((c) => ({ ...c, specialties: ['economics'] })), { expertId: 'only-law', category: null, specialties: ['law'] }];
    for (let k = 0; k < 50; k += 1) {
      const outcome = drawPanel(pool, { ...noRules(3), wantedSpecialties: ['law'] }, seedOf(`only-${k}`));
      expect(outcome.ok && outcome.panel.includes('only-law')).toBe(true);
    }
  });

  it('gives one seat to an expert who meets two rules, and ranks the rest in shuffled order', () => {
    // The worked example of docs/expert-draw.md checks the same with its numbers; here over many seeds.
    const pool: DrawCandidate[] = [
      { expertId: 'both', category: 'social_science', specialties: ['law'] },
      ...Array.from({ length: 6 }, (_, i) => ({ expertId: `soc${i}`, category: 'social_science', specialties: ['sociology'] })),
      ...Array.from({ length: 6 }, (_, i) => ({ expertId: `mgt${i}`, category: 'management', specialties: ['management'] })),
    ];
    const rules: PanelRules = { panelSize: 3, backupCount: 2, requiredCategories: ['social_science'], wantedSpecialties: ['law'] };
    const branches = { bothFirst: 0, socialFirst: 0 };
    for (let k = 0; k < 60; k += 1) {
      const outcome = drawPanel(pool, rules, seedOf(`two-${k}`));
      if (!outcome.ok) throw new Error(outcome.message);
      const firstSocial = outcome.order.find((id) => id.startsWith('soc')) ?? '';
      if (outcome.order.indexOf('both') < outcome.order.indexOf(firstSocial)) {
        // `both` meets 社科研究 and 法律 in one seat: the walk stops there and the two seats left
        // go to the first others of the order, whatever their category.
        branches.bothFirst += 1;
        expect(outcome.panel).toEqual(['both', ...outcome.order.filter((id) => id !== 'both').slice(0, 2)]);
      } else {
        // A 社科研究 expert comes first and takes 社科研究; `both` then takes 法律; one seat is left.
        branches.socialFirst += 1;
        const taken = [firstSocial, 'both'];
        expect(outcome.panel).toEqual([...taken, ...outcome.order.filter((id) => !taken.includes(id)).slice(0, 1)]);
      }
    }
    expect(branches.bothFirst).toBeGreaterThan(0);
    expect(branches.socialFirst).toBeGreaterThan(0);
  });

  it('meets more rules than seats through experts who meet several, skipping one who would strand a rule', () => {
    // Four rules, three seats: only `mgt-law` gives 综合管理 and 法律 together, so a plain 综合管理
    // expert ahead of it in the order must be skipped.
    const pool: DrawCandidate[] = [
      { expertId: 'mgt-law', category: 'management', specialties: ['law'] },
      ...Array.from({ length: 5 }, (_, i) => ({ expertId: `eng${i}`, category: 'engineering', specialties: ['construction'] })),
      ...Array.from({ length: 5 }, (_, i) => ({ expertId: `soc${i}`, category: 'social_science', specialties: ['sociology'] })),
      ...Array.from({ length: 5 }, (_, i) => ({ expertId: `mgt${i}`, category: 'management', specialties: ['management'] })),
    ];
    const rules: PanelRules = { panelSize: 3, backupCount: 2, requiredCategories: ['engineering', 'social_science', 'management'], wantedSpecialties: ['law'] };
    let skippedAhead = 0;
    for (let k = 0; k < 60; k += 1) {
      const outcome = drawPanel(pool, rules, seedOf(`strand-${k}`));
      if (!outcome.ok) throw new Error(outcome.message);
      expect(outcome.panel).toHaveLength(3);
      expect(outcome.panel).toContain('mgt-law');
      expect(outcome.panel.some((id) => id.startsWith('eng'))).toBe(true);
      expect(outcome.panel.some((id) => id.startsWith('soc'))).toBe(true);
      const firstPlainManager = outcome.order.findIndex((id) => /^mgt\d/.test(id));
      if (firstPlainManager < outcome.order.indexOf('mgt-law')) skippedAhead += 1;
    }
    expect(skippedAhead).toBeGreaterThan(10);
  });

  it('is refused, with the counts, when the pool is smaller than the panel and its backups', () => {
    const outcome = drawPanel(candidatesOf(6), noRules(5, 2), seedOf('small'));
    expect(outcome).toMatchObject({ ok: false, eligible: 6, needed: 7, unmet: [] });
    expect(!outcome.ok && outcome.message).toBe('无法抽取：符合条件的专家 6 人，抽取 5 名评审专家和 2 名备选专家共需 7 人');
    expect(drawPanel(candidatesOf(7), noRules(5, 2), seedOf('small')).ok).toBe(true);
  });

  it('is refused, naming the rule, when no eligible expert meets it', () => {
    const pool = candidatesOf(20).map((c) => ({ ...c, specialties: c.specialties.filter((s) => s !== 'law') }));
    const rules: PanelRules = {
      ...noRules(5),
      requiredCategories: ['engineering'],
      wantedSpecialties: ['law'],
      specialtyLabels: { law: '法律' },
    };
    const outcome = drawPanel(pool, rules, seedOf('unmet'));
    expect(outcome).toMatchObject({ ok: false, eligible: 20, needed: 7, unmet: ['专业领域「法律」'], unmetRules: [{ kind: 'specialty', value: 'law' }] });
    expect(!outcome.ok && outcome.message).toBe('无法抽取：符合条件的专家中没有专业领域「法律」的专家');
    // Both problems at once are both said.
    const both = drawPanel(pool.slice(0, 3), rules, seedOf('unmet'));
    expect(!both.ok && both.message).toBe('无法抽取：符合条件的专家 3 人，抽取 5 名评审专家和 2 名备选专家共需 7 人；符合条件的专家中没有专业领域「法律」的专家');
  });

  it('is refused when no choice of panel members meets all rules, whatever the seed', () => {
    const pool: DrawCandidate[] = candidatesOf(30).map((c) => ({ ...c, specialties: [] }));
    pool[0] = { ...pool[0], specialties: ['law'] };
    pool[1] = { ...pool[1], specialties: ['environment'] };
    pool[2] = { ...pool[2], specialties: ['economics'] };
    const rules: PanelRules = { panelSize: 3, backupCount: 2, requiredCategories: ['engineering'], wantedSpecialties: ['law', 'environment', 'economics'], categoryLabels: { engineering: '工程技术' } };
    // Four rules, three seats: experts 0 (社科研究, 法律), 1 (工程技术, 环境保护) and 2 (综合管理, 经济)
    // meet them together…
    expect(drawPanel(pool, rules, seedOf('joint')).ok).toBe(true);
    // …but when expert 1 is not 工程技术, the three specialties take all three seats and an
    // engineer would be a fourth, for any seed.
    pool[1] = { ...pool[1], category: 'management' };
    for (const label of ['joint-a', 'joint-b']) {
      const outcome = drawPanel(pool, rules, seedOf(label));
      expect(outcome.ok).toBe(false);
      expect(!outcome.ok && outcome.message).toBe('无法抽取：组成要求（类别「工程技术」、专业领域「law」、专业领域「environment」、专业领域「economics」）无法在 3 名评审专家中同时满足');
    }
  });

  it('seats as few as one (a supplementary round), the ones the rules need first', () => {
    const pool: DrawCandidate[] = [
      ...candidatesOf(20).map((c) => ({ ...c, category: 'social_science', specialties: ['sociology'] })),
      { expertId: 'eng-law', category: 'engineering', specialties: ['law'] },
      { expertId: 'eng', category: 'engineering', specialties: ['construction'] },
      { expertId: 'law', category: 'social_science', specialties: ['law'] },
    ];
    const lacking: PanelRules = { panelSize: 1, backupCount: 0, requiredCategories: ['engineering'], wantedSpecialties: ['law'] };
    for (let k = 0; k < 20; k += 1) {
      // One seat for two rules: only the expert meeting both will do, wherever they are in the order.
      expect(drawPanel(pool, lacking, seedOf(`one-${k}`))).toMatchObject({ ok: true, panel: ['eng-law'], backups: [] });
      // Two seats: whoever the walk takes for the rules, they are seated first.
      const two = drawPanel(pool, { ...lacking, panelSize: 2, backupCount: 1 }, seedOf(`one-${k}`));
      if (!two.ok) throw new Error(two.message);
      expect(two.panel).toEqual(referencePanel(pool, { ...lacking, panelSize: 2, backupCount: 1 }, two.order).panel);
    }
    const withoutBoth = pool.filter((c) => c.expertId !== 'eng-law');
    expect(drawPanel(withoutBoth, lacking, seedOf('one')).ok).toBe(false);
  });

  it('refuses a panel without a seat, a backup count that is not a whole number, an expert twice', () => {
    expect(() => drawPanel(candidatesOf(20), noRules(0), seedOf('x'))).toThrow(RangeError);
    expect(() => drawPanel(candidatesOf(20), noRules(1.5), seedOf('x'))).toThrow(RangeError);
    expect(() => drawPanel(candidatesOf(20), noRules(5, -1), seedOf('x'))).toThrow(RangeError);
    expect(() => drawPanel([...candidatesOf(8), ...candidatesOf(1)], noRules(5), seedOf('x'))).toThrow(RangeError);
  });

  it("knows a task's panel sizes and backups", () => {
    expect([1, 3, 5, 7, 9, 11].map(isValidPanelSize)).toEqual([false, true, true, true, true, false]);
    expect(panelRulesProblem(5, 2)).toBeNull();
    expect(panelRulesProblem(6, 2)).toBe('评审专家人数应为 3–9 之间的奇数');
    expect(panelRulesProblem(5, 1)).toBe('备选专家至少 2 名');
  });
});

const REVIEW_ON = '2026-05-20';
const UNIT = '明远社会稳定风险评估有限公司';
const CLIENT = '滨江新区开发建设（集团）有限公司';
const context = (over: Partial<DrawContext> = {}): DrawContext => ({
  assessingUnitId: 'unit-1',
  assessingUnitName: UNIT,
  clientName: CLIENT,
  reviewOn: REVIEW_ON,
  yearlyCap: 10,
  recentDays: 90,
  windowYears: 3,
  ...over,
});
const expert = (expertId: string, over: Partial<ExpertFacts> = {}): ExpertFacts => ({
  expertId,
  active: true,
  category: 'social_science',
  specialties: ['law'],
  workUnit: '某大学',
  conflicts: [],
  practitionerUnits: [],
  tookPartInReport: false,
  reviewsThisYear: 0,
  lastReviewOfUnitOn: null,
  badConductInTerm: false,
  ...over,
});
/** The rule an expert is excluded by, or null when eligible. */
const ruleOf = (facts: ExpertFacts, ctx = context()) => {
  const { eligible, excluded } = classifyPool([facts], ctx);
  if (eligible.length === 1) return null;
  expect(excluded[0].reason).toBe(EXCLUSION_REASONS[excluded[0].rule]);
  return excluded[0].rule;
};
const conflict = (unitName: string, kind: string, from: string | null, to: string | null) => ({ unitName, kind, from, to });

describe('回避', () => {
  it('lets an expert with nothing against them in, with their category and specialties', () => {
    expect(classifyPool([expert('a')], context())).toEqual({ eligible: [{ expertId: 'a', category: 'social_science', specialties: ['law'] }], excluded: [] });
  });

  it('excludes by each rule with its reason', () => {
    const cases: [ExpertFacts, string][] = [
      [expert('a', { active: false }), '停用'],
      [expert('b', { workUnit: UNIT }), '本单位/委托单位'],
      [expert('c', { workUnit: CLIENT }), '本单位/委托单位'],
      [expert('d', { practitionerUnits: [{ unitId: 'unit-1', from: '2020-01-01', to: null }] }), '近三年任职或执业'],
      [expert('e', { conflicts: [conflict(UNIT, 'worked', '2020-01-01', '2024-01-01')] }), '近三年任职或执业'],
      [expert('f', { conflicts: [conflict(UNIT, 'shares', null, null)] }), '申报的利害关系'],
      [expert('g', { conflicts: [conflict(CLIENT, 'relative', '2025-01-01', null)] }), '申报的利害关系'],
      [expert('h', { tookPartInReport: true }), '参与报告编制'],
      [expert('i', { reviewsThisYear: 10 }), '本年度评审已达上限'],
      [expert('j', { lastReviewOfUnitOn: '2026-04-01' }), '近期已评审该单位项目'],
      [expert('k', { badConductInTerm: true }), '不良行为记录在期'],
    ];
    const { eligible, excluded } = classifyPool(
      cases.map(([facts]) => facts),
      context(),
    );
    expect(eligible).toEqual([]);
    expect(excluded.map((e) => e.reason)).toEqual(cases.map(([, reason]) => reason));
    expect(new Set(excluded.map((e) => e.rule))).toEqual(new Set(EXCLUSION_RULE_CODES));
  });

  it('records only the first rule that applies, in the documented order', () => {
    const everything: Partial<ExpertFacts> = {
      active: false,
      workUnit: UNIT,
      practitionerUnits: [{ unitId: 'unit-1', from: null, to: null }],
      conflicts: [conflict(CLIENT, 'advised', null, null)],
      tookPartInReport: true,
      reviewsThisYear: 99,
      lastReviewOfUnitOn: REVIEW_ON,
      badConductInTerm: true,
    };
    const remaining: Partial<ExpertFacts> = { ...everything };
    const seen: string[] = [];
    const clear: Partial<ExpertFacts>[] = [
      { active: true },
      { workUnit: null },
      { practitionerUnits: [] },
      { conflicts: [] },
      { tookPartInReport: false },
      { reviewsThisYear: 0 },
      { lastReviewOfUnitOn: null },
      { badConductInTerm: false },
    ];
    for (const step of clear) {
      const rule = ruleOf(expert('z', remaining));
      if (rule) seen.push(rule);
      Object.assign(remaining, step);
    }
    expect(seen).toEqual([...EXCLUSION_RULE_CODES]);
    expect(ruleOf(expert('z', remaining))).toBeNull();
  });

  it('compares unit names trimmed, half-width, with single spaces and Latin letters in lower case', () => {
    expect(normaliseUnitName('  滨江新区开发建设（集团）有限公司　')).toBe('滨江新区开发建设(集团)有限公司');
    expect(normaliseUnitName('ＡＢＣ\t 咨询   Co.,Ltd')).toBe('abc 咨询 co.,ltd');
    expect(ruleOf(expert('a', { workUnit: ' 滨江新区开发建设(集团)有限公司 ' }))).toBe('own_or_client_unit');
    expect(ruleOf(expert('b', { workUnit: '滨江新区开发建设（集团）有限公司分公司' }))).toBeNull();
    expect(ruleOf(expert('c', { workUnit: '滨江 新区开发建设(集团)有限公司' }))).toBeNull();
    expect(ruleOf(expert('d', { conflicts: [conflict('明远社会稳定风险评估有限公司　', 'directed', null, null)] }))).toBe('declared_conflict');
    expect(ruleOf(expert('e', { workUnit: 'ABC 评估' }), context({ assessingUnitName: 'ａｂｃ　　评估' }))).toBe('own_or_client_unit');
    // An empty name matches nothing, a missing client neither.
    expect(ruleOf(expert('f', { workUnit: '  ' }), context({ clientName: '' }))).toBeNull();
    expect(ruleOf(expert('g', { workUnit: CLIENT }), context({ clientName: null }))).toBeNull();
  });

  it("takes a conflict's kept key (normaliseUnitName of its name) as it is", () => {
    const key = normaliseUnitName(UNIT);
    expect(ruleOf(expert('a', { conflicts: [{ ...conflict('改名前的名称', 'advised', null, null), unitKey: key }] }))).toBe('declared_conflict');
    expect(ruleOf(expert('b', { conflicts: [{ ...conflict(UNIT, 'worked', null, null), unitKey: key }] }))).toBe('recent_employment');
    expect(ruleOf(expert('c', { conflicts: [{ ...conflict(UNIT, 'advised', null, null), unitKey: '另一家' }] }))).toBeNull();
    expect(ruleOf(expert('d', { conflicts: [{ ...conflict(CLIENT, 'advised', null, null), unitKey: normaliseUnitName(CLIENT) }] }))).toBe('declared_conflict');
    expect(ruleOf(expert('e', { conflicts: [{ ...conflict('', 'advised', null, null), unitKey: '' }] }), context({ clientName: '' }))).toBeNull();
  });

  it('compares without normalising each name the same as normalising both', () => {
    const names = ['明远 公司', ' 明远  公司 ', '明远　公司', '明远公司', 'ＡＢ（Ｃ）', 'ab(c)', 'AB(C) ', 'ab (c)', '', ' ', 'a', 'A\u00a0b', 'a b', '\ufeffa b'];
    for (const raw of names) {
      for (const other of names) {
        const target = normaliseUnitName(other);
        expect(sameUnitName(raw, target), `${JSON.stringify(raw)} vs ${JSON.stringify(other)}`).toBe(target !== '' && normaliseUnitName(raw) === target);
      }
    }
  });

  it('counts employment and conflicts in the window of three years, both ends included', () => {
    expect(yearsBefore(REVIEW_ON, 3)).toBe('2023-05-20');
    expect(yearsBefore('2028-02-29', 3)).toBe('2025-02-28');
    expect(yearsBefore('2028-02-29', 4)).toBe('2024-02-29');
    // Ended exactly three years before: in; a day earlier: out.
    expect(ruleOf(expert('a', { conflicts: [conflict(UNIT, 'advised', '2019-01-01', '2023-05-20')] }))).toBe('declared_conflict');
    expect(ruleOf(expert('b', { conflicts: [conflict(UNIT, 'advised', '2019-01-01', '2023-05-19')] }))).toBeNull();
    expect(ruleOf(expert('c', { practitionerUnits: [{ unitId: 'unit-1', from: '2018-01-01', to: '2023-05-20' }] }))).toBe('recent_employment');
    expect(ruleOf(expert('d', { practitionerUnits: [{ unitId: 'unit-1', from: '2018-01-01', to: '2023-05-19' }] }))).toBeNull();
    expect(ruleOf(expert('e', { conflicts: [conflict(UNIT, 'worked', null, '2023-05-20')] }))).toBe('recent_employment');
    // Starting on the review day: in; the day after: out.
    expect(ruleOf(expert('f', { conflicts: [conflict(CLIENT, 'shares', REVIEW_ON, null)] }))).toBe('declared_conflict');
    expect(ruleOf(expert('g', { conflicts: [conflict(CLIENT, 'shares', '2026-05-21', null)] }))).toBeNull();
    // Timestamps are read by their day.
    expect(ruleOf(expert('h', { conflicts: [conflict(UNIT, 'advised', null, '2023-05-20T23:59:59.000Z')] }))).toBe('declared_conflict');
    // Another unit, by id or by name, is no reason; worked at the client is a declared conflict.
    expect(ruleOf(expert('i', { practitionerUnits: [{ unitId: 'unit-2', from: null, to: null }] }))).toBeNull();
    expect(ruleOf(expert('j', { conflicts: [conflict('另一家评估公司', 'worked', null, null)] }))).toBeNull();
    expect(ruleOf(expert('k', { conflicts: [conflict(CLIENT, 'worked', null, null)] }))).toBe('declared_conflict');
    // A longer window reaches further.
    expect(ruleOf(expert('l', { conflicts: [conflict(UNIT, 'advised', null, '2021-05-20')] }), context({ windowYears: 5 }))).toBe('declared_conflict');
  });

  it('counts a review of the same unit 90 days before, not 91, and any later one', () => {
    expect(daysBefore(REVIEW_ON, 90)).toBe('2026-02-19');
    expect(ruleOf(expert('a', { lastReviewOfUnitOn: '2026-02-19' }))).toBe('recently_reviewed_unit');
    expect(ruleOf(expert('b', { lastReviewOfUnitOn: '2026-02-18' }))).toBeNull();
    expect(ruleOf(expert('c', { lastReviewOfUnitOn: '2026-06-01' }))).toBe('recently_reviewed_unit');
    expect(ruleOf(expert('d', { lastReviewOfUnitOn: '2026-02-18' }), context({ recentDays: 91 }))).toBe('recently_reviewed_unit');
  });

  it('stops at the yearly cap: 10 of 10 is out, 9 is in', () => {
    expect(ruleOf(expert('a', { reviewsThisYear: 9 }))).toBeNull();
    expect(ruleOf(expert('b', { reviewsThisYear: 10 }))).toBe('yearly_cap_reached');
    expect(ruleOf(expert('c', { reviewsThisYear: 3 }), context({ yearlyCap: 3 }))).toBe('yearly_cap_reached');
  });

  it('refuses a review date that is not a day', () => {
    expect(() => classifyPool([], context({ reviewOn: '2026-02-30' }))).toThrow(RangeError);
    expect(() => classifyPool([], context({ reviewOn: '20260520' }))).toThrow(RangeError);
  });

  it('sorts a library of 5,000 experts with 100 declared conflicts each', () => {
    // Planted: every 97th expert declared shares in the assessing unit (written full-width and
    // spaced), every 101st worked there, every 89th advised the client until a day before the
    // window (so still eligible), every 50th is inactive; the rest have 100 conflicts elsewhere.
    const library: ExpertFacts[] = Array.from({ length: 5000 }, (_, i) => {
      const conflicts = Array.from({ length: 100 }, (_, k) => conflict(`其他单位${i}-${k}`, 'advised', '2024-01-01', null));
      if (i % 97 === 0) conflicts[50] = conflict(' 明远社会稳定风险评估有限公司　', 'shares', '2025-01-01', null);
      if (i % 101 === 0) conflicts[99] = conflict(UNIT, 'worked', '2010-01-01', '2024-12-31');
      if (i % 89 === 0) conflicts[0] = conflict('滨江新区开发建设(集团)有限公司', 'advised', '2015-01-01', '2023-05-19');
      // Half the library comes with the names' keys kept, as the server keeps them.
      if (i % 2 === 0) return expert(`lib${String(i).padStart(5, '0')}`, { active: i % 50 !== 0, conflicts: conflicts.map((c) => ({ ...c, unitKey: normaliseUnitName(c.unitName) })), category: CATEGORIES[i % 3], specialties: [SPECIALTIES[i % 9]] });
      return expert(`lib${String(i).padStart(5, '0')}`, { active: i % 50 !== 0, conflicts, category: CATEGORIES[i % 3], specialties: [SPECIALTIES[i % 9]] });
    });
    const { eligible, excluded } = classifyPool(library, context());
    const expected = new Map<string, string>();
    library.forEach((facts, i) => {
      if (i % 50 === 0) expected.set(facts.expertId, 'inactive');
      else if (i % 101 === 0) expected.set(facts.expertId, 'recent_employment');
      else if (i % 97 === 0) expected.set(facts.expertId, 'declared_conflict');
    });
    expect(new Map(excluded.map((e) => [e.expertId, e.rule]))).toEqual(expected);
    expect(eligible).toHaveLength(5000 - expected.size);
    const outcome = drawPanel(eligible, { panelSize: 9, backupCount: 4, requiredCategories: CATEGORIES, wantedSpecialties: ['law', 'environment'] }, seedOf('library'));
    if (!outcome.ok) throw new Error(outcome.message);
    expect(outcome.order).toHaveLength(eligible.length);
    expect(drawPanel([...eligible].reverse(), { panelSize: 9, backupCount: 4, requiredCategories: CATEGORIES, wantedSpecialties: ['law', 'environment'] }, seedOf('library'))).toEqual(outcome);
  });
});

describe("the panel's result", () => {
  const sheets = (totals: number[], conclusions: ReviewConclusion[]) => totals.map((total, i) => ({ total, conclusion: conclusions[i] }));

  it('with five sheets leaves out the highest and the lowest; a tie of conclusions goes to the stricter', () => {
    const result = panelResult(sheets([90, 85, 80, 70, 60], ['pass', 'pass', 'revise', 'revise', 'fail']));
    expect(result).toEqual({ score: 78.3, conclusion: 'revise', dropped: { highest: 0, lowest: 4 }, counted: 3, votes: { pass: 2, revise: 2, fail: 1 } });
  });

  it('with three sheets counts all; three different conclusions give the strictest', () => {
    const result = panelResult(sheets([88, 84.5, 80], ['pass', 'revise', 'fail']));
    expect(result).toMatchObject({ score: 84.2, conclusion: 'fail', dropped: null, counted: 3 });
  });

  it('follows the majority, rounds half up, and leaves out one of equal extremes', () => {
    expect(panelResult(sheets([84, 84.5], ['fail', 'pass']))?.score).toBe(84.3);
    expect(panelResult(sheets([70, 71, 72, 73, 74], ['pass', 'pass', 'pass', 'fail', 'fail']))?.conclusion).toBe('pass');
    expect(panelResult(sheets([90, 90, 80, 70, 70], ['pass', 'pass', 'pass', 'pass', 'pass']))).toMatchObject({ score: 80, dropped: { highest: 0, lowest: 3 } });
    expect(panelResult(sheets([75, 75, 75, 75, 75, 75, 75], Array<ReviewConclusion>(7).fill('revise')))).toMatchObject({ score: 75, dropped: { highest: 0, lowest: 1 }, counted: 5 });
    expect(panelResult(sheets([99.99, 0.01, 50, 50, 50], ['pass', 'pass', 'fail', 'fail', 'revise']))).toMatchObject({ score: 50, conclusion: 'fail' });
    expect(panelResult([])).toBeNull();
    expect(() => panelResult(sheets([-1], ['pass']))).toThrow(RangeError);
  });

  it('orders the conclusions 通过 < 修改后通过 < 不通过', () => {
    expect(REVIEW_CONCLUSION_VALUES.map((c) => REVIEW_CONCLUSION_LABELS[c])).toEqual(['通过', '修改后通过', '不通过']);
    expect(conclusionStrictness('pass')).toBeLessThan(conclusionStrictness('revise'));
    expect(conclusionStrictness('revise')).toBeLessThan(conclusionStrictness('fail'));
  });

  it('flags an expert whose last five ratings average under 3', () => {
    expect(standingFlag([2, 2, 3, 3, 4])).toBe(true);
    expect(standingFlag([3, 3, 3, 3, 3])).toBe(false);
    expect(standingFlag([4, 4, 4, 4, 4, 1, 1, 1])).toBe(false);
    expect(standingFlag([1, 1, 1, 1, 1, 5, 5, 5])).toBe(true);
    expect(standingFlag([2])).toBe(true);
    expect(standingFlag([])).toBe(false);
    expect(recentRatingAverage([5, 4, 3, 2, 1, 1])).toBe(3);
    expect(recentRatingAverage([])).toBeNull();
  });
});

describe('the worked example of docs/expert-draw.md', () => {
  const page = readFileSync(path.join(__dirname, '..', '..', 'docs', 'expert-draw.md'), 'utf8');
  const example = page.slice(page.indexOf('## Worked example'));
  const line = (label: string) => {
    const found = example.split('\n').find((l) => l.startsWith(`${label}:`));
    if (!found) throw new Error(`no "${label}:" line in the worked example`);
    return found.slice(label.length + 1).trim();
  };
  const seed = line('Seed').replace(/`/g, '');
  const CATEGORY_VALUES: Record<string, string> = { 社科研究: 'social_science', 工程技术: 'engineering', 综合管理: 'management' };
  const SPECIALTY_VALUES: Record<string, string> = { 法律: 'law', 经济: 'economics', 社会学: 'sociology', 管理: 'management', 工程建设: 'construction', 心理学: 'psychology', 环境保护: 'environment', 安全生产: 'work_safety', 城市规划: 'urban_planning' };
  const poolRows = example
    .split('\n')
    .filter((l) => /^\| E\d\d /.test(l))
    .map((l) => l.split('|').slice(1, -1).map((cell) => cell.trim()));

  it('names the algorithm version the code has', () => {
    expect(page).toContain(`Algorithm version: \`${DRAW_ALGORITHM_VERSION}\``);
  });

  it('sorts its library as the code does', () => {
    // The facts the table describes, in code.
    const facts: Record<string, Partial<ExpertFacts>> = {
      E01: { active: false },
      E04: { workUnit: '滨江新区开发建设(集团)有限公司' },
      E08: { conflicts: [conflict(UNIT, 'advised', null, '2023-05-20')] },
      E11: { conflicts: [conflict(UNIT, 'shares', null, '2023-05-19')] },
    };
    expect(poolRows.map((row) => row[0])).toEqual(Array.from({ length: 11 }, (_, i) => `E${String(i + 1).padStart(2, '0')}`));
    const library = poolRows.map(([id, category, specialties]) =>
      expert(id, { category: CATEGORY_VALUES[category], specialties: specialties.split('、').map((s) => SPECIALTY_VALUES[s]), ...facts[id] }),
    );
    const { eligible, excluded } = classifyPool(library, context());
    const said = new Map(poolRows.map((row) => [row[0], row[4]]));
    for (const e of excluded) expect(said.get(e.expertId)).toBe(`excluded: ${e.reason}`);
    for (const e of eligible) expect(said.get(e.expertId)).toBe('eligible');
    expect(excluded).toHaveLength(3);
  });

  it("has the generator's block 0, the Fisher–Yates steps, the order, the panel and the backups the code gives", () => {
    const blockText = /Block 0:\s*```\s*([0-9a-f]{64})\s*```/.exec(example)?.[1];
    const words = referenceWords(seed, 8);
    expect(blockText).toBe(words.map((w) => w.toString(16).padStart(8, '0')).join(''));

    const sorted = line('Sorted pool').split(' (')[0].split(', ');
    const eligibleRows = poolRows.filter((row) => row[4] === 'eligible');
    expect(sorted).toEqual(eligibleRows.map((row) => row[0]));
    const stepRows = example
      .split('\n')
      .filter((l) => /^\| \d \| \d \|/.test(l))
      .map((l) => l.split('|').slice(1, -1).map((cell) => cell.trim()));
    expect(stepRows).toHaveLength(sorted.length - 1);
    const order = [...sorted];
    stepRows.forEach(([i, n, hex, decimal, j, swap, after], k) => {
      const step = sorted.length - 1 - k;
      expect(Number(i)).toBe(step);
      expect(Number(n)).toBe(step + 1);
      expect(hex).toBe(words[k].toString(16).padStart(8, '0'));
      expect(Number(decimal)).toBe(words[k]);
      expect(words[k]).toBeLessThan(2 ** 32 - (2 ** 32 % (step + 1)));
      expect(Number(j)).toBe(words[k] % (step + 1));
      expect(swap).toBe(`${order[step]} ↔ ${order[Number(j)]}`);
      [order[step], order[Number(j)]] = [order[Number(j)], order[step]];
      expect(after).toBe(order.join(' '));
    });

    const candidates: DrawCandidate[] = eligibleRows.map(([id, category, specialties]) => ({
      expertId: id,
      category: CATEGORY_VALUES[category],
      specialties: specialties.split('、').map((s) => SPECIALTY_VALUES[s]),
    }));
    const sizes = /a panel of \*\*(\d)\*\*, \*\*(\d)\*\* backups, at least one 工程技术 and one 社科研究 expert, and one with\s+法律/.exec(example);
    if (!sizes) throw new Error('the rules of the worked example changed; change this test with them');
    const rules: PanelRules = { panelSize: Number(sizes[1]), backupCount: Number(sizes[2]), requiredCategories: ['engineering', 'social_science'], wantedSpecialties: ['law'] };
    const outcome = drawPanel(candidates, rules, seed);
    if (!outcome.ok) throw new Error(outcome.message);
    expect(line('Shuffled order')).toBe(outcome.order.join(' '));
    expect(order).toEqual(outcome.order);
    expect(line('Panel')).toBe(outcome.panel.join(' '));
    expect(line('Backups')).toBe(outcome.backups.join(' '));
  });
});

describe("the pool's record (server/quality/records.ts)", () => {
  const pool: DrawPool = {
    eligible: [
      { expertId: 'e-3', category: 'social_science', specialties: ['law', 'economics'] },
      { expertId: 'e-1', category: null, specialties: [] },
      { expertId: 'e-2', category: 'engineering', specialties: ['law'] },
    ],
    excluded: [
      { expertId: 'e-9', rule: 'inactive', reason: EXCLUSION_REASONS.inactive },
      { expertId: 'e-5', rule: 'own_or_client_unit', reason: EXCLUSION_REASONS.own_or_client_unit },
      { expertId: 'e-7', rule: 'inactive', reason: EXCLUSION_REASONS.inactive },
    ],
  };

  it('keeps every fact in the compact format: eligible in order, the excluded grouped by rule in the order met', () => {
    const text = encodeDrawPool(pool);
    expect(JSON.parse(text)).toMatchObject({ format: DRAW_POOL_FORMAT, categories: ['engineering', 'social_science'], specialties: ['economics', 'law'] });
    expect(decodeDrawPool(text)).toEqual({
      eligible: pool.eligible,
      excluded: [pool.excluded[0], pool.excluded[2], pool.excluded[1]],
    });
  });

  it('reads a record written before the compact format, and the draw from either is the same', () => {
    const before = JSON.stringify(pool);
    expect(decodeDrawPool(before)).toEqual(pool);
    const rules: PanelRules = { panelSize: 1, backupCount: 2, requiredCategories: [], wantedSpecialties: [] };
    const seed = seedOf('pool formats');
    expect(runDraw(decodeDrawPool(encodeDrawPool(pool)), rules, seed)).toEqual(runDraw(decodeDrawPool(before), rules, seed));
  });

  it('refuses a text that is neither format, or that names a category it does not list', () => {
    expect(() => decodeDrawPool('{"format":3}')).toThrow();
    expect(() => decodeDrawPool('{"eligible":[]}')).toThrow();
    expect(() => decodeDrawPool(JSON.stringify({ format: 2, categories: [], specialties: [], eligible: [['e-1', 4, []]], excluded: [] }))).toThrow();
  });

  it('takes about half the text of the list of objects for a library of 5,000', () => {
    const big: DrawPool = {
      eligible: Array.from({ length: 4_600 }, (_, i) => ({ expertId: randomUUIDFor(i), category: ['social_science', 'engineering', 'management'][i % 3], specialties: ['law', 'environment', 'economics'].slice(0, 1 + (i % 3)) })),
      excluded: Array.from({ length: 400 }, (_, i) => ({ expertId: randomUUIDFor(10_000 + i), rule: 'inactive', reason: EXCLUSION_REASONS.inactive })),
    };
    expect(encodeDrawPool(big).length).toBeLessThan(JSON.stringify(big).length * 0.55);
  });
});

/** A fixed UUID-shaped id per number. */
function randomUUIDFor(n: number): string {
  const hex = createHash('sha256').update(String(n)).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-8${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}
