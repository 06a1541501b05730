/** Health and other server-wide reads. */
import Type, { type Static } from 'typebox';

export const HealthResult = Type.Object({
  database: Type.Union([Type.Literal('sqlite'), Type.Literal('postgres')]),
});
export type HealthResult = Static<typeof HealthResult>;
