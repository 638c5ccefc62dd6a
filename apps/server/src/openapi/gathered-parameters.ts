import { GATHERED_PARAMETERS } from '../http/rest-adapter.ts';

/**
 * The object-valued query parameters (the responses filter's `hidden`) as the REST adapter reads
 * them: one query parameter per key. OpenAPI cannot name a parameter by a pattern, so the object is
 * described as a deepObject (`hidden[utm_source]=newsletter`, what generated clients send, which
 * the adapter also takes) and the description gives the documented spelling `hidden.<key>=<value>`.
 */

interface Parameter {
  in: string;
  name: string;
  description?: string;
  style?: string;
  explode?: boolean;
  schema?: { description?: string };
}

type Paths = Record<string, Partial<Record<string, { parameters?: Parameter[] }>>>;

export function describeGatheredParameters(paths: Paths): void {
  for (const item of Object.values(paths)) {
    for (const operation of Object.values(item)) {
      for (const parameter of operation?.parameters ?? []) {
        if (parameter.in !== 'query' || !GATHERED_PARAMETERS.includes(parameter.name)) continue;
        const name = parameter.name;
        parameter.style = 'deepObject';
        parameter.explode = true;
        parameter.description =
          `One query parameter per key: \`${name}.<key>=<value>\` (e.g. \`?${name}.utm_source=newsletter\`), ` +
          `or \`${name}[<key>]=<value>\` as deepObject; several keys combine with AND.`;
      }
    }
  }
}
