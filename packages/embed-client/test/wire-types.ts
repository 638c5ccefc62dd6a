/**
 * Compile-time proof (checked by `pnpm typecheck`) that what the server's Zod schemas produce
 * fits the plain wire types the published client declares, and that what the client sends
 * fits what the server accepts. If a schema changes shape, this file stops compiling.
 */
import type * as Schema from '@forms-engine/schema';
import type { z } from 'zod';
import type * as Wire from '../src/client/types';

type Assignable<From, To> = [From] extends [To] ? true : never;

export const wireTypesAgree: [
  Assignable<Schema.LiveQuestionnaire, Wire.LiveQuestionnaire>,
  Assignable<Schema.ResponseRehydration, Wire.ResponseRehydration>,
  Assignable<Schema.RefStatus, Wire.RefStatus>,
  Assignable<z.infer<typeof Schema.CreateResponseResult>, Wire.CreateResponseResult>,
  Assignable<Schema.FileReference, Wire.FileReference>,
  Assignable<Schema.GeocodeSuggestion, Wire.GeocodeSuggestion>,
  Assignable<Schema.Problem, Wire.Problem>,
  Assignable<Schema.ErrorCode, Wire.ServerErrorCode>,
  Assignable<Wire.ServerErrorCode, Schema.ErrorCode>,
  Assignable<Wire.CreateResponseRequest, z.input<typeof Schema.CreateResponseRequest>>,
  Assignable<Wire.PatchResponseRequest, z.input<typeof Schema.PatchResponseRequest>>,
  Assignable<Wire.GeocodeQuery, z.input<typeof Schema.GeocodeQuery>>,
  Assignable<Wire.CompleteResponseRequest, z.input<typeof Schema.CompleteResponseRequest>>,
] = [true, true, true, true, true, true, true, true, true, true, true, true, true];
