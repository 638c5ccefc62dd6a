type SchemaNode = Record<string, unknown>;

const SCHEMA_REF = '#/components/schemas/';

/** The component schemas these nodes reach through `$ref`, transitively. */
function reachableComponents(roots: unknown[], schemas: Record<string, unknown>): Set<string> {
  const found = new Set<string>();
  const visit = (node: unknown): void => {
    if (Array.isArray(node)) {
      for (const item of node) visit(item);
      return;
    }
    if (typeof node !== 'object' || node === null) return;
    const ref = (node as SchemaNode).$ref;
    if (typeof ref === 'string' && ref.startsWith(SCHEMA_REF)) {
      const name = ref.slice(SCHEMA_REF.length);
      if (!found.has(name)) {
        found.add(name);
        visit(schemas[name]);
      }
    }
    for (const value of Object.values(node)) visit(value);
  };
  visit(roots);
  return found;
}

/** Every `default` under a schema becomes a sentence of its description. */
function defaultsInWords(node: unknown): void {
  if (Array.isArray(node)) {
    for (const item of node) defaultsInWords(item);
    return;
  }
  if (typeof node !== 'object' || node === null) return;
  const schema = node as SchemaNode;
  if ('default' in schema) {
    const words = `Absent means ${JSON.stringify(schema.default)}.`;
    delete schema.default;
    schema.description = [schema.description, words].filter(Boolean).join(' ');
  }
  for (const value of Object.values(schema)) defaultsInWords(value);
}

interface DocumentParts {
  paths?: Record<string, Record<string, unknown> | undefined>;
  webhooks?: unknown;
  components?: { schemas?: Record<string, unknown> };
}

/**
 * A field the server fills in when it is absent (`prompt`, `width`, `visibility`...) is optional to
 * send. JSON Schema's `default` says so, but generators (openapi-typescript with its default
 * options) read `default` as "always present" and would make every client send it. The schemas
 * only requests use (zod's input side: `Definition`, `Question`...) say it in words instead; the
 * response schemas (the `…Output` twins) keep their `default`, there it is true.
 */
export function requestDefaultsInWords(document: DocumentParts): void {
  const schemas = document.components?.schemas ?? {};
  const requests: unknown[] = [];
  const responses: unknown[] = [document.webhooks];
  for (const item of Object.values(document.paths ?? {})) {
    for (const operation of Object.values(item ?? {})) {
      if (typeof operation !== 'object' || operation === null) continue;
      const { requestBody, parameters, responses: answers } = operation as SchemaNode;
      requests.push(requestBody, parameters);
      responses.push(answers);
    }
  }
  const answered = reachableComponents(responses, schemas);
  for (const name of reachableComponents(requests, schemas)) {
    if (!answered.has(name)) defaultsInWords(schemas[name]);
  }
}
