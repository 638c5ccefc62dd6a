import { GeocodeQuery, GeocodeSuggestions } from '@forms-engine/schema';
import { suggestAddresses } from '../../geocode/suggest.ts';
import { procedure } from '../../trpc.ts';

export const geocodeProcedure = procedure
  .meta({
    errors: [],
    openapi: {
      method: 'GET',
      path: '/public/v1/geocode',
      tags: ['Public'],
      summary: 'Suggest addresses for what a respondent typed into an address field',
      description:
        'Best match first: exact place names, then prefixes, then population. `line1` carries the street part ' +
        'of the query. Answers carry `Cache-Control`; a degraded answer (upstream geocoder failed) is `[]` with ' +
        '`Cache-Control: no-store`.',
    },
  })
  .input(GeocodeQuery)
  .output(GeocodeSuggestions)
  .query(async ({ ctx, input }) => {
    const { suggestions, maxAgeSeconds } = await suggestAddresses(ctx.deps, input);
    ctx.res?.setHeader('Cache-Control', maxAgeSeconds > 0 ? `public, max-age=${maxAgeSeconds}` : 'no-store');
    return suggestions;
  });
