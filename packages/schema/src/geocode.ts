import { z } from 'zod';

export const GeocodeSuggestion = z
  .object({
    line1: z.string(),
    city: z.string(),
    state: z.string(),
    postalCode: z.string(),
    country: z.string(),
    label: z.string(),
  })
  .meta({ id: 'GeocodeSuggestion' });
export type GeocodeSuggestion = z.infer<typeof GeocodeSuggestion>;
