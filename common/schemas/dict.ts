/** Dictionaries: the codes and their seed items are in ../dictionaries.ts. */
import Type, { type Static } from 'typebox';

export const DictCodeParams = Type.Object(
  { code: Type.String({ pattern: '^[a-z_]{1,40}$', title: '字典编码' }) },
  { additionalProperties: false },
);

export const DictItem = Type.Object({
  label: Type.String(),
  value: Type.String(),
  sort: Type.Integer(),
});
export type DictItem = Static<typeof DictItem>;
