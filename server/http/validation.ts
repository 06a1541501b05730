/**
 * Request validation with Ajv, and validation messages in Chinese.
 *
 * - Bodies are never coerced ("1" is not 1) and unknown fields are rejected, not stripped:
 *   schemas say `additionalProperties: false` and Ajv's removeAdditional stays off.
 * - Query strings and path params are coerced ("2" → 2), since they are text on the wire.
 * - The message names the field by its schema `title` ("登录账号不能为空").
 * - The kinds of common/schemas/kinds.ts are checked for their meaning, not only their shape:
 *   `format: 'date'` and `'date-time'` must name a day or an instant that exists within the
 *   kinds' years, and `x-range-start` puts a range's end not before (or after) its start.
 */
import Ajv, { type ErrorObject, type SchemaValidateFunction, type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import type { FastifySchemaCompiler } from 'fastify';
import {
  isCalendarDate,
  isDateTime,
  isInOrder,
  KIND_MESSAGES,
  looksLikeDate,
  looksLikeDateTime,
  RANGE_START_KEYWORD,
  type RangeStart,
} from '@common/schemas/kinds';

function makeAjv(coerce: boolean): Ajv {
  const ajv = new Ajv({
    coerceTypes: coerce,
    useDefaults: true,
    removeAdditional: false,
    allErrors: false,
    // `parentSchema` on each error lets us read the field's title.
    verbose: true,
    strict: false,
  });
  addFormats(ajv);
  addKinds(ajv);
  return ajv;
}

/** The kinds' meaning (common/schemas/kinds.ts) on an Ajv: replaces ajv-formats' `date` and `date-time`, adds `x-range-start`. */
function addKinds(ajv: Ajv): void {
  ajv.addFormat('date', { type: 'string', validate: isCalendarDate });
  ajv.addFormat('date-time', { type: 'string', validate: isDateTime });
  ajv.addKeyword({ keyword: RANGE_START_KEYWORD, type: 'string', schemaType: 'object', validate: endInOrder });
}

/** `x-range-start: { field }` on a range's end: the sibling `field` (its start), when given, is not after it (or, strictlyAfter, before it). */
const endInOrder: SchemaValidateFunction = (start: unknown, end: unknown, _schema, context) => {
  if (!isRangeStart(start) || typeof end !== 'string') return true;
  const startValue: unknown = context?.parentData[start.field];
  return typeof startValue !== 'string' || isInOrder(startValue, end, start.strictlyAfter);
};

const bodyAjv = makeAjv(false);
const textAjv = makeAjv(true);

export const validatorCompiler: FastifySchemaCompiler<object> = ({ schema, httpPart }) => {
  const validate: ValidateFunction = (httpPart === 'body' ? bodyAjv : textAjv).compile(schema);
  const rootTitle = ROOT_TITLES[httpPart ?? 'body'] ?? '请求参数';
  return (data: unknown) =>
    validate(data) ? { value: data } : { error: validationErrorOf(validate.errors ?? [], rootTitle) };
};

function isRangeStart(value: unknown): value is RangeStart {
  return typeof value === 'object' && value !== null && 'field' in value && typeof value.field === 'string' && 'title' in value && typeof value.title === 'string';
}

/** What fastify's error handler sees: `.validation` marks it, `.message` is for people. */
export class ValidationError extends Error {
  readonly validation: ErrorObject[];
  readonly statusCode = 400;
  constructor(message: string, errors: ErrorObject[]) {
    super(message);
    this.name = 'ValidationError';
    this.validation = errors;
  }
}

const ROOT_TITLES: Record<string, string> = { body: '请求体', querystring: '查询参数', params: '路径参数', headers: '请求头' };

function validationErrorOf(errors: ErrorObject[], rootTitle: string): ValidationError {
  return new ValidationError(describeValidationErrors(errors, rootTitle), errors);
}

interface SchemaLike {
  title?: string;
  type?: string | string[];
  const?: unknown;
  properties?: Record<string, SchemaLike>;
  anyOf?: SchemaLike[];
}

const TYPE_NAMES: Record<string, string> = {
  integer: '整数',
  number: '数字',
  string: '文本',
  boolean: '布尔值（true/false）',
  array: '数组',
  object: '对象',
  null: '空值',
};

function lastSegment(instancePath: string): string | undefined {
  const parts = instancePath.split('/').filter(Boolean);
  return parts.length ? decodeURIComponent(parts[parts.length - 1].replace(/~1/g, '/').replace(/~0/g, '~')) : undefined;
}

function fieldTitle(error: ErrorObject, rootTitle: string): string {
  const schema = error.parentSchema as SchemaLike | undefined;
  // Nullable(String({ title })) puts the title on a branch of the union.
  const branchTitle = schema?.anyOf?.find((b) => b.title)?.title;
  return schema?.title ?? branchTitle ?? lastSegment(error.instancePath) ?? rootTitle;
}

/** "文本或空值" for a union of plain types; undefined when a branch is a literal. */
function unionTypeNames(schema: SchemaLike | undefined): string | undefined {
  const branches = schema?.anyOf;
  if (!branches?.length || branches.some((b) => b.const !== undefined || typeof b.type !== 'string')) return undefined;
  return branches.map((b) => TYPE_NAMES[b.type as string] ?? String(b.type)).join('或');
}

/** Branch errors that only say "not this type/value": the union as a whole says it better. */
const MISMATCH_KEYWORDS = new Set(['type', 'const', 'enum']);

/** Picks the error that best names the problem, then says it in Chinese. */
export function describeValidationErrors(errors: ErrorObject[], rootTitle = '请求参数'): string {
  if (errors.length === 0) return `${rootTitle}不正确`;
  let error = errors[0];
  if (error.schemaPath.includes('/anyOf/')) {
    const path = error.instancePath;
    // A union such as Nullable(String({maxLength})): a branch of the right type that failed
    // a constraint says what is wrong ("描述长度不能超过200个字符")...
    const specific = errors.find(
      (e) => e.instancePath === path && e.schemaPath.includes('/anyOf/') && !MISMATCH_KEYWORDS.has(e.keyword),
    );
    // ...otherwise (a union of literals such as authType) the union's own error carries the title.
    error = specific ?? errors.find((e) => e.keyword === 'anyOf' && e.instancePath === path) ?? error;
  }
  const title = fieldTitle(error, rootTitle);
  const p = error.params as Record<string, unknown>;
  switch (error.keyword) {
    case 'required': {
      const missing = String(p.missingProperty);
      const schema = error.parentSchema as SchemaLike | undefined;
      return `${schema?.properties?.[missing]?.title ?? missing}不能为空`;
    }
    case 'additionalProperties':
      return `不允许的字段：${String(p.additionalProperty)}`;
    case 'type': {
      if (error.instancePath === '' && (error.data === null || error.data === undefined)) return `${rootTitle}不能为空`;
      const wanted = String(p.type).split(',')[0];
      return `${title}应为${TYPE_NAMES[wanted] ?? wanted}`;
    }
    case 'minLength':
      return Number(p.limit) <= 1 ? `${title}不能为空` : `${title}长度不能少于${String(p.limit)}个字符`;
    case 'maxLength':
      return `${title}长度不能超过${String(p.limit)}个字符`;
    case 'minimum':
      return `${title}不能小于${String(p.limit)}`;
    case 'exclusiveMinimum':
      return `${title}应大于${String(p.limit)}`;
    case 'maximum':
      return `${title}不能大于${String(p.limit)}`;
    case 'exclusiveMaximum':
      return `${title}应小于${String(p.limit)}`;
    case 'minItems':
      return `${title}至少需要${String(p.limit)}项`;
    case 'maxItems':
      return `${title}最多${String(p.limit)}项`;
    case 'uniqueItems':
      return `${title}不能有重复项`;
    case 'format':
      // Written right but not a real day or instant (2025-02-30, 23:59:60, year 1899).
      if (p.format === 'date' && typeof error.data === 'string' && looksLikeDate(error.data)) return KIND_MESSAGES.impossibleDate(title);
      if (p.format === 'date-time' && typeof error.data === 'string' && looksLikeDateTime(error.data)) return KIND_MESSAGES.impossibleDateTime(title);
      return `${title}格式不正确`;
    case 'pattern':
      return `${title}格式不正确`;
    case RANGE_START_KEYWORD: {
      const start = error.schema;
      if (!isRangeStart(start)) return `${title}不正确`;
      return start.strictlyAfter ? KIND_MESSAGES.rangeNotAfter(title, start.title) : KIND_MESSAGES.rangeReversed(title, start.title);
    }
    case 'anyOf': {
      const types = unionTypeNames(error.parentSchema as SchemaLike | undefined);
      return types ? `${title}应为${types}` : `${title}取值无效`;
    }
    case 'const':
    case 'enum':
    case 'oneOf':
      return `${title}取值无效`;
    default:
      return `${title}不正确`;
  }
}
