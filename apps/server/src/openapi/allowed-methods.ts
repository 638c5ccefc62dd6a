import type { OpenAPIObject } from 'trpc-to-openapi';
import { PUBLIC_API } from '../http/api-prefixes.ts';

const METHODS = ['get', 'head', 'post', 'put', 'patch', 'delete', 'options'];

/**
 * For a request path, the methods the document serves there (plus OPTIONS where CORS
 * preflight is answered), or undefined when no documented path matches. Matching follows the
 * routers: case-insensitive, one segment per `{param}`, an optional trailing slash.
 */
export function allowedMethodsOf(document: OpenAPIObject): (path: string) => string[] | undefined {
  const routes = Object.entries(document.paths ?? {}).map(([template, item]) => {
    const pattern = template
      .split(/\{\w+\}/)
      .map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
      .join('[^/]+');
    const methods = METHODS.filter((method) => method in (item as object)).map((method) => method.toUpperCase());
    if (template.startsWith(`${PUBLIC_API}/`)) methods.push('OPTIONS');
    return { regex: new RegExp(`^${pattern}/?$`, 'i'), methods };
  });
  // A path can match several templates (`responses/export.csv` and `responses/{responseId}`).
  return (path) => {
    const matching = routes.filter((route) => route.regex.test(path));
    if (matching.length === 0) return undefined;
    const methods = new Set(matching.flatMap((route) => route.methods));
    return [...METHODS.map((method) => method.toUpperCase()).filter((method) => methods.has(method))];
  };
}
