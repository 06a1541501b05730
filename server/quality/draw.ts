/**
 * The reproducible draw of a review panel and the sample of 质量抽查, written out for people in
 * docs/expert-draw.md (which a person can follow by hand to redo a draw from its record).
 *
 * Everything here is a pure function of its inputs and the seed: the same record always gives
 * the same result, which is what the draw's verification relies on. The only randomness is the
 * seed, 32 bytes from the operating system's generator (newDrawSeed); never Math.random.
 *
 * Changing anything that alters a result for a given record (the generator, the shuffle, the
 * order ids are sorted in, the composition walk) needs a new DRAW_ALGORITHM_VERSION, and the
 * old version kept for verifying the draws recorded with it.
 */
import { createHmac, randomBytes } from 'node:crypto';

/** Names the generator, the shuffle and the composition walk below; kept with every draw and sample. */
export const DRAW_ALGORITHM_VERSION = 'hmac-sha256-ctr+fisher-yates+rule-walk/1';

const SEED_PATTERN = /^[0-9a-f]{64}$/;
const TWO_TO_THE_32 = 2 ** 32;

/** A new seed: 32 bytes from the operating system's generator, as 64 lower-case hex digits. */
export function newDrawSeed(): string {
  return randomBytes(32).toString('hex');
}

/** Whether a text is a seed as newDrawSeed makes them (64 lower-case hex digits). */
export function isDrawSeed(value: string): boolean {
  return SEED_PATTERN.test(value);
}

/**
 * The deterministic generator: block k (k = 0, 1, 2, …) is HMAC-SHA256 keyed with the seed's 32
 * bytes over k as 8 bytes big-endian; each block gives eight 32-bit words, read big-endian in
 * order. By hand: `printf '%016x' k | xxd -r -p | openssl dgst -sha256 -mac HMAC -macopt hexkey:SEED`.
 */
export class DrawRandom {
  private readonly key: Buffer;
  private readonly message = Buffer.alloc(8);
  private block = Buffer.alloc(32);
  private nextBlock = 0;
  /** Bytes of the current block already used; 32 means a new block is due. */
  private used = 32;

  constructor(seedHex: string) {
    if (!isDrawSeed(seedHex)) throw new RangeError('a draw seed is 64 lower-case hexadecimal digits');
    this.key = Buffer.from(seedHex, 'hex');
  }

  /** The next word of the sequence, 0 … 2³² − 1. */
  nextUint32(): number {
    if (this.used === 32) {
      // Block numbers stay far below 2³² (a draw of 5,000 experts needs about 630), so the high half is 0.
      this.message.writeUInt32BE(0, 0);
      this.message.writeUInt32BE(this.nextBlock, 4);
      this.block = createHmac('sha256', this.key).update(this.message).digest();
      this.nextBlock += 1;
      this.used = 0;
    }
    const word = this.block.readUInt32BE(this.used);
    this.used += 4;
    return word;
  }

  /**
   * A whole number 0 … n − 1, every one equally likely: words at or above the largest multiple
   * of n that fits in 2³² (`2³² − 2³² mod n`) are thrown away and the next word is taken, so the
   * remainder `word mod n` carries no bias. Every call takes at least one word.
   */
  below(n: number): number {
    if (!Number.isInteger(n) || n < 1 || n > TWO_TO_THE_32) throw new RangeError('below(n) needs a whole n from 1 to 2^32');
    const limit = TWO_TO_THE_32 - (TWO_TO_THE_32 % n);
    for (;;) {
      const word = this.nextUint32();
      if (word < limit) return word % n;
    }
  }
}

/** Ids compared as text, code unit by code unit (JavaScript's default sort, `LC_ALL=C sort` for ASCII ids). */
function compareIds(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** The ids in ascending order; a repeated id is a caller's mistake. */
export function sortIds(ids: readonly string[]): string[] {
  const sorted = [...ids].sort(compareIds);
  for (let i = 1; i < sorted.length; i += 1) {
    if (sorted[i] === sorted[i - 1]) throw new RangeError(`id ${sorted[i]} appears twice in a draw's pool`);
  }
  return sorted;
}

/**
 * The ids sorted ascending, then shuffled by Fisher–Yates driven by the seed's generator: for
 * i from the last position down to 1, j = below(i + 1), swap positions i and j.
 */
export function shuffleIds(ids: readonly string[], seedHex: string): string[] {
  const order = sortIds(ids);
  const random = new DrawRandom(seedHex);
  for (let i = order.length - 1; i >= 1; i -= 1) {
    const j = random.below(i + 1);
    const held = order[i];
    order[i] = order[j];
    order[j] = held;
  }
  return order;
}

/** 质量抽查: the first `count` ids of the shuffle (all of them, shuffled, when there are fewer). */
export function sampleIds(ids: readonly string[], count: number, seedHex: string): string[] {
  if (!Number.isInteger(count) || count < 0) throw new RangeError('a sample size is a whole number');
  return shuffleIds(ids, seedHex).slice(0, count);
}

export interface DrawCandidate {
  expertId: string;
  /** dictionary value of the expert's category, or null when none is recorded */
  category: string | null;
  /** dictionary values of the expert's specialties */
  specialties: readonly string[];
}

export interface PanelRules {
  /**
   * How many to seat. A task's panel is odd, 3–9, with at least 2 backups (panelRulesProblem of
   * common/expertReview.ts); a supplementary round draws just the seats left vacant, so the
   * draw itself takes any size from 1 and any number of backups from 0.
   */
  panelSize: number;
  backupCount: number;
  /** at least one panel member of each of these categories */
  requiredCategories: readonly string[];
  /** at least one panel member with each of these specialties */
  wantedSpecialties: readonly string[];
  /** Dictionary labels for the refusal message; a value without one is shown as it is. */
  categoryLabels?: Readonly<Record<string, string>>;
  specialtyLabels?: Readonly<Record<string, string>>;
}

export interface CompositionRule {
  kind: 'category' | 'specialty';
  value: string;
}

export type DrawOutcome =
  | {
      ok: true;
      /** the whole eligible pool in shuffled order */
      order: string[];
      /** the panel in rank order: the experts taken for the rules as the walk took them, then the others in shuffled order */
      panel: string[];
      /** the ranked backups: the next experts of the shuffled order not on the panel */
      backups: string[];
    }
  | {
      ok: false;
      /** in Chinese: how many are eligible and what the draw needs */
      message: string;
      eligible: number;
      /** panel size plus backups */
      needed: number;
      /** the composition rules that cannot be met, in words (类别「…」, 专业领域「…」) */
      unmet: string[];
      unmetRules: CompositionRule[];
    };

/** The rules, each once: the categories first, then the specialties, in the order given. */
function compositionRules(rules: PanelRules): CompositionRule[] {
  const list: CompositionRule[] = [];
  const seen = new Set<string>();
  for (const value of rules.requiredCategories) {
    if (!seen.has(`c:${value}`)) list.push({ kind: 'category', value });
    seen.add(`c:${value}`);
  }
  for (const value of rules.wantedSpecialties) {
    if (!seen.has(`s:${value}`)) list.push({ kind: 'specialty', value });
    seen.add(`s:${value}`);
  }
  return list;
}

function ruleInWords(rule: CompositionRule, rules: PanelRules): string {
  const labels = rule.kind === 'category' ? rules.categoryLabels : rules.specialtyLabels;
  const label = labels?.[rule.value] ?? rule.value;
  return rule.kind === 'category' ? `类别「${label}」` : `专业领域「${label}」`;
}

function bitCount(mask: number): number {
  let count = 0;
  for (let m = mask; m !== 0; m &= m - 1) count += 1;
  return count;
}

/**
 * The fewest experts that together meet every rule of `unmet` (a bit mask), given the distinct
 * rule masks experts have, searched breadth-first up to `atMost`; Infinity when more are needed.
 */
function fewestToMeet(unmet: number, masks: readonly number[], atMost: number): number {
  if (unmet === 0) return 0;
  let frontier = new Set([unmet]);
  const seen = new Set([unmet]);
  for (let depth = 1; depth <= atMost; depth += 1) {
    const next = new Set<number>();
    for (const state of frontier) {
      for (const mask of masks) {
        if ((state & mask) === 0) continue;
        const rest = state & ~mask;
        if (rest === 0) return depth;
        if (!seen.has(rest)) {
          seen.add(rest);
          next.add(rest);
        }
      }
    }
    if (next.size === 0) break;
    frontier = next;
  }
  return Infinity;
}

/** Rules beyond this many do not fit the bit masks; no dictionary comes near it. */
const MAX_RULES = 30;

/**
 * The panel and its backups (docs/expert-draw.md, "Composition"):
 *  1. the eligible pool is shuffled (shuffleIds);
 *  2. walking the shuffled order, an expert is taken when they meet a composition rule not yet
 *     met, unless the rules still unmet could then no longer be met within the seats left; one
 *     expert meeting several rules takes one seat and meets them all; the walk stops when every
 *     rule is met;
 *  3. the ranked list is the experts taken, in the order taken, then all the others in shuffled
 *     order; the panel is its first panelSize, the backups the next backupCount.
 * So the panel's first members are the ones the rules needed: a round that seats fewer than
 * the panel can still seat them first.
 * Refused, before anything is shuffled, when the pool is smaller than the panel and its backups,
 * when no eligible expert meets a rule, or when no choice of panelSize experts meets all rules.
 */
export function drawPanel(candidates: readonly DrawCandidate[], rules: PanelRules, seedHex: string): DrawOutcome {
  if (!Number.isInteger(rules.panelSize) || rules.panelSize < 1) throw new RangeError('a panel has at least one seat');
  if (!Number.isInteger(rules.backupCount) || rules.backupCount < 0) throw new RangeError('a backup count is a whole number');
  const composition = compositionRules(rules);
  if (composition.length > MAX_RULES) throw new RangeError(`at most ${MAX_RULES} composition rules`);

  // Each expert's rules as a bit mask (bit r for composition[r]).
  const maskOf = new Map<string, number>();
  const meeting = composition.map(() => 0);
  for (const candidate of candidates) {
    let mask = 0;
    composition.forEach((rule, r) => {
      const meets = rule.kind === 'category' ? candidate.category === rule.value : candidate.specialties.includes(rule.value);
      if (meets) {
        mask |= 1 << r;
        meeting[r] += 1;
      }
    });
    if (maskOf.has(candidate.expertId)) throw new RangeError(`expert ${candidate.expertId} appears twice in a draw's pool`);
    maskOf.set(candidate.expertId, mask);
  }

  const eligible = candidates.length;
  const needed = rules.panelSize + rules.backupCount;
  const unmetRules = composition.filter((_, r) => meeting[r] === 0);
  const allRules = composition.length === 0 ? 0 : 2 ** composition.length - 1;
  const masks = [...new Set(maskOf.values())].filter((mask) => mask !== 0);
  const parts: string[] = [];
  if (eligible < needed) {
    parts.push(`符合条件的专家 ${eligible} 人，抽取 ${rules.panelSize} 名评审专家和 ${rules.backupCount} 名备选专家共需 ${needed} 人`);
  }
  if (unmetRules.length > 0) {
    parts.push(`符合条件的专家中没有${unmetRules.map((rule) => ruleInWords(rule, rules)).join('、')}的专家`);
  } else if (composition.length > rules.panelSize && fewestToMeet(allRules, masks, rules.panelSize) > rules.panelSize) {
    parts.push(`组成要求（${composition.map((rule) => ruleInWords(rule, rules)).join('、')}）无法在 ${rules.panelSize} 名评审专家中同时满足`);
    unmetRules.push(...composition);
  }
  if (parts.length > 0) {
    return {
      ok: false,
      message: `无法抽取：${parts.join('；')}`,
      eligible,
      needed,
      unmet: unmetRules.map((rule) => ruleInWords(rule, rules)),
      unmetRules,
    };
  }

  const order = shuffleIds([...maskOf.keys()], seedHex);
  const taken: string[] = [];
  const isTaken = new Set<string>();
  // When there are no more rules than seats, every rule has an expert and taking one can never
  // strand another rule; only otherwise is the search needed.
  const mustCheck = composition.length > rules.panelSize;
  let unmet = allRules;
  for (const id of order) {
    if (unmet === 0) break;
    const mask = maskOf.get(id) ?? 0;
    if ((mask & unmet) === 0) continue;
    const rest = unmet & ~mask;
    const seatsLeft = rules.panelSize - taken.length - 1;
    if (mustCheck && bitCount(rest) > seatsLeft && fewestToMeet(rest, masks, seatsLeft) > seatsLeft) continue;
    taken.push(id);
    isTaken.add(id);
    unmet = rest;
  }
  const ranked = [...taken, ...order.filter((id) => !isTaken.has(id))];
  return { ok: true, order, panel: ranked.slice(0, rules.panelSize), backups: ranked.slice(rules.panelSize, rules.panelSize + rules.backupCount) };
}
