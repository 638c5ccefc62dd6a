import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';

/** One request the tests made and what the server answered. */
export interface Exchange {
  method: string;
  path: string;
  status: number;
  contentType: string | null;
  body: string;
}

interface ResponseSpec {
  content?: Record<string, { schema?: unknown }>;
}

interface Route {
  template: string;
  regex: RegExp;
  params: number;
  item: Record<string, { responses: Record<string, ResponseSpec> }>;
}

const JSON_TYPES = new Set(['application/json', 'application/problem+json']);

/**
 * Checks exchanges against an OpenAPI document the way a validating proxy does: the path and
 * method name an operation, the status is one it declares, the content type is one of that
 * response's (none when it declares no content), and a JSON body matches its schema.
 * Exchanges outside the document (/trpc, /docs, unknown paths, undeclared methods) are not
 * the document's business and are skipped.
 */
export class OpenApiContract {
  private readonly ajv = new Ajv2020({ strict: false, allErrors: true, validateFormats: true });
  private readonly routes: Route[];
  private readonly validators = new Map<string, ValidateFunction>();

  constructor(document: { paths: Record<string, any>; components: unknown }) {
    addFormats.default(this.ajv);
    for (const format of ['int32', 'int64', 'binary']) this.ajv.addFormat(format, true);
    // Every `#/components/...` reference resolves inside one registered schema.
    const components = JSON.parse(
      JSON.stringify(document.components).replaceAll('"#/components/', '"doc#/components/'),
    );
    this.ajv.addSchema({ $id: 'doc', components });
    this.routes = Object.entries(document.paths)
      .map(([template, item]) => ({
        template,
        item,
        params: (template.match(/\{/g) ?? []).length,
        regex: new RegExp(
          `^${template
            .split(/\{\w+\}/)
            .map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
            .join('[^/]+')}/?$`,
          'i',
        ),
      }))
      // A literal segment (`export.csv`) wins over a parameter (`{responseId}`).
      .sort((a, b) => a.params - b.params);
  }

  /** What is wrong with an exchange, or undefined when the document describes it. */
  check(exchange: Exchange): string | undefined {
    const method = exchange.method.toLowerCase();
    const route = this.routes.find((candidate) => candidate.regex.test(exchange.path) && candidate.item[method]);
    if (!route) return undefined;
    const where = `${exchange.method} ${exchange.path} (${route.template}) -> ${exchange.status}`;
    const spec = route.item[method]!.responses[String(exchange.status)];
    if (!spec) return `${where}: status not documented`;
    const mediaType = exchange.contentType?.split(';')[0]?.trim().toLowerCase() || undefined;
    if (!spec.content) {
      if (method === 'head' || exchange.status === 304) return undefined;
      if (mediaType || exchange.body !== '')
        return `${where}: documented without content, sent ${mediaType} "${exchange.body.slice(0, 80)}"`;
      return undefined;
    }
    if (method === 'head') return undefined;
    const declared = Object.keys(spec.content);
    const [type] = (mediaType ?? '').split('/');
    const match = declared.find((key) => key === mediaType || key === '*/*' || key === `${type}/*`);
    if (!mediaType || !match) return `${where}: content type ${mediaType} is not one of ${declared.join(', ')}`;
    if (!JSON_TYPES.has(mediaType)) return undefined;
    let body: unknown;
    try {
      body = JSON.parse(exchange.body);
    } catch {
      return `${where}: body is not JSON`;
    }
    const validate = this.validatorFor(
      `${route.template} ${method} ${exchange.status} ${match}`,
      spec.content[match]!.schema,
    );
    if (validate(body)) return undefined;
    const errors = (validate.errors ?? []).slice(0, 3).map((error) => `${error.instancePath} ${error.message}`);
    return `${where}: body does not match the schema: ${errors.join('; ')} in ${exchange.body.slice(0, 200)}`;
  }

  private validatorFor(key: string, schema: unknown): ValidateFunction {
    let validate = this.validators.get(key);
    if (!validate) {
      const rewritten = JSON.parse(JSON.stringify(schema ?? {}).replaceAll('"#/components/', '"doc#/components/'));
      validate = this.ajv.compile(rewritten);
      this.validators.set(key, validate);
    }
    return validate;
  }
}
