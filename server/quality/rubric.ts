/**
 * The score sheet's rubric: the enabled items of the dictionary review_rubric, each value
 * `code:maximum points` (common/dictionaries.ts), its label the criterion's words, in the
 * dictionary's order. A task keeps the rubric as it was when it was opened (review_tasks.rubric),
 * so that editing the dictionary never changes a review under way; the criteria must add up to
 * RUBRIC_TOTAL.
 */
import { RUBRIC_TOTAL, type RubricCriterion, type SheetScore } from '@common/schemas/reviewTasks';
import type { DbOrTrx } from '../db/types';
import { BizError } from '../http/errors';

const ITEM = /^([A-Za-z0-9_-]{1,40}):(\d{1,3})$/;

export const RUBRIC_MESSAGES = {
  broken: (values: string[]) => `评分细则字典（review_rubric）中以下项目的值不是“代码:满分”的形式：${values.join('、')}，请在字典管理中修正`,
  total: (sum: number) => `评分细则字典（review_rubric）中启用项目的满分合计为 ${sum} 分，应为 ${RUBRIC_TOTAL} 分，请在字典管理中调整后再新建评审任务`,
  unknownCriterion: (criterion: string) => `评分项「${criterion}」不在本次评审的评分细则中`,
  missingCriterion: (labels: string[]) => `请为以下评分项打分：${labels.join('、')}`,
  twice: (label: string) => `评分项「${label}」重复打分`,
  overMax: (label: string, max: number) => `评分项「${label}」的得分不能超过 ${max} 分`,
} as const;

/** The rubric in force now (enabled dictionary items), checked. */
export async function currentRubric(db: DbOrTrx): Promise<RubricCriterion[]> {
  const rows = await db
    .selectFrom('dict_items')
    .select(['value', 'label'])
    .where('type_code', '=', 'review_rubric')
    .where('enabled', '=', 1)
    .orderBy('sort')
    .orderBy('value')
    .execute();
  const broken = rows.filter((r) => !ITEM.test(r.value)).map((r) => r.value);
  if (broken.length) throw new BizError(RUBRIC_MESSAGES.broken(broken));
  const rubric = rows.map((r) => {
    const [, criterion, max] = ITEM.exec(r.value) ?? [];
    return { criterion, label: r.label, max: Number(max) };
  });
  const sum = rubric.reduce((a, c) => a + c.max, 0);
  if (sum !== RUBRIC_TOTAL) throw new BizError(RUBRIC_MESSAGES.total(sum));
  return rubric;
}

export function parseRubric(text: string): RubricCriterion[] {
  return JSON.parse(text) as RubricCriterion[];
}

/** A sheet's scores checked against the task's rubric: every criterion once, 0..its maximum. Returns the points in the rubric's order and the total. */
export function checkedScores(rubric: readonly RubricCriterion[], scores: readonly SheetScore[]): { scores: SheetScore[]; total: number } {
  const given = new Map<string, number>();
  for (const score of scores) {
    const criterion = rubric.find((c) => c.criterion === score.criterion);
    if (!criterion) throw new BizError(RUBRIC_MESSAGES.unknownCriterion(score.criterion));
    if (given.has(score.criterion)) throw new BizError(RUBRIC_MESSAGES.twice(criterion.label));
    if (score.points > criterion.max) throw new BizError(RUBRIC_MESSAGES.overMax(criterion.label, criterion.max));
    given.set(score.criterion, score.points);
  }
  const missing = rubric.filter((c) => !given.has(c.criterion)).map((c) => c.label);
  if (missing.length) throw new BizError(RUBRIC_MESSAGES.missingCriterion(missing));
  const ordered = rubric.map((c) => ({ criterion: c.criterion, points: given.get(c.criterion) ?? 0 }));
  return { scores: ordered, total: ordered.reduce((a, s) => a + s.points, 0) };
}

/** Stored scores (JSON { criterion: points }) in the rubric's order. */
export function storedScores(rubric: readonly RubricCriterion[], text: string): SheetScore[] {
  const points = JSON.parse(text) as Record<string, number>;
  return rubric.map((c) => ({ criterion: c.criterion, points: Number(points[c.criterion] ?? 0) }));
}

export function scoresToText(scores: readonly SheetScore[]): string {
  return JSON.stringify(Object.fromEntries(scores.map((s) => [s.criterion, s.points])));
}
