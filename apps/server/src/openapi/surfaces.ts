import type { OpenAPIObject } from 'trpc-to-openapi';
import { PUBLIC_API } from '../http/api-prefixes.ts';
import { isEmbedScriptPath } from '../http/embed-script-route.ts';

/**
 * Which part of the service one listening port serves: everything (one port, the default), the
 * public surface that the internet reaches, or the management surface (MANAGEMENT_PORT).
 */
export type Surface = 'all' | 'public' | 'management';

const HEALTH = ['/healthz', '/readyz'];

/** Paths of the public surface: the public API, the embed script, health. */
export const isPublicPath = (path: string) =>
  path.startsWith(`${PUBLIC_API}/`) || isEmbedScriptPath(path) || HEALTH.includes(path);

/**
 * The document restricted to what `surface` serves (health is on both), so each port documents,
 * and answers 405 for, only its own paths.
 */
export function documentFor(document: OpenAPIObject, surface: Surface): OpenAPIObject {
  if (surface === 'all') return document;
  const keep = (path: string) => HEALTH.includes(path) || isPublicPath(path) === (surface === 'public');
  const paths = Object.fromEntries(Object.entries(document.paths ?? {}).filter(([path]) => keep(path)));
  return { ...document, paths };
}
