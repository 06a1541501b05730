/**
 * Request validation with Ajv, and validation messages in Chinese.
 *
 * - Bodies are never coerced ("1" is not 1) and unknown fields are rejected, not stripped:
 *   schemas say `additionalProperties: false` and Ajv's removeAdditional stays off.
 * - Query strings and path params are coerced ("2" → 2), since they are text on the wire.
 * - The message names the field by its schema `title` ("登录账号不能为空").
 */
import Ajv, { type ErrorObject, type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import type { FastifySchemaCompiler } from 'fastify';

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
  return ajv;
}

const bodyAjv = makeAjv(false);
const textAjv = makeAjv(true);

export const validatorCompiler: FastifySchemaCompiler<object> = ({ schema, httpPart }) => {
  const validate: ValidateFunction = (httpPart === 'body' ? bodyAjv : textAjv).compile(schema);
  return (data: unknown) => (validate(data) ? { value: data } : { error: validationErrorOf(validate.errors ?? []) });
};

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

function validationErrorOf(errors: ErrorObject[]): ValidationError {
  return new ValidationError(describeValidationErrors(errors), errors);
}

interface SchemaLike {
  title?: string;
  type?: string | string[];
  properties?: Record<string, SchemaLike>;
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

function fieldTitle(error: ErrorObject): string {
  const schema = error.parentSchema as SchemaLike | undefined;
  return schema?.title ?? lastSegment(error.instancePath) ?? '请求参数';
}

/** Picks the error that best names the problem, then says it in Chinese. */
export function describeValidationErrors(errors: ErrorObject[]): string {
  if (errors.length === 0) return '请求参数不正确';
  let error = errors[0];
  // Inside a union (anyOf of literals, e.g. authType) the branch errors name no field;
  // the union's own error carries the title.
  if (error.schemaPath.includes('/anyOf/')) {
    error = errors.find((e) => e.keyword === 'anyOf' && e.instancePath === error.instancePath) ?? error;
  }
  const title = fieldTitle(error);
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
      if (error.instancePath === '' && (error.data === null || error.data === undefined)) return '请求体不能为空';
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
    case 'pattern':
    case 'format':
      return `${title}格式不正确`;
    case 'const':
    case 'enum':
    case 'anyOf':
    case 'oneOf':
      return `${title}取值无效`;
    default:
      return `${title}不正确`;
  }
}
