import type { Endpoint } from '@mutual/shared/contract/endpoint';
import type { FastifyInstance } from 'fastify';

type Status<E extends Endpoint> = E['status'] extends 201 | 202 | 204 ? E['status'] : 200;

/** The Fastify schema an endpoint declares: Fastify validates with it and OpenAPI is made from it. */
type SchemaOf<E extends Endpoint> = {
  tags: string[];
  summary: string;
  description?: string;
  params: E['params'];
  querystring: E['query'];
  headers: E['headers'];
  body: E['multipart'] extends true ? undefined : E['body'];
  consumes?: string[];
  response: E['response'] extends object ? { [S in Status<E>]: E['response'] } : undefined;
};

/**
 * The route options for a contract endpoint — method, URL and schema — to spread into
 * `app.route({ ...routeOf(api.x), preValidation, handler })`. The handler's request and reply are
 * typed from the same schemas, so a route cannot drift from what the web is told it answers.
 */
export function routeOf<const E extends Endpoint>(
  declaration: E,
): { method: E['method']; url: E['path']; schema: SchemaOf<E> } {
  const { method, path, tags, summary, params, query, headers, body, response, multipart, multiLine } = declaration;
  const schema = {
    tags: [...tags],
    summary,
    ...(multiLine?.length && { description: multiLineNote(multiLine) }),
    ...(params && { params }),
    ...(query && { querystring: query }),
    ...(headers && { headers }),
    // A multipart body is read by the route itself, part by part; the schema only documents it.
    ...(body && !multipart && { body }),
    ...(multipart && { consumes: ['multipart/form-data'] }),
    ...(response && { response: { [declaration.status ?? 200]: response } }),
  };
  return { method, url: path, schema: schema as SchemaOf<E> };
}

/** What OpenAPI says of an endpoint whose fields may span lines (the API's rule: `text-input.ts`). */
const multiLineNote = (fields: readonly string[]) =>
  `May span lines (line breaks and tabs allowed): ${fields.map((field) => `\`${field}\``).join(', ')}. ` +
  'Every other text field is one line.';

/**
 * Refuses, at start-up, an `/api` route that is not declared in the contract (the OpenAPI page
 * under `/api/docs` excepted): every endpoint the web may call is declared once, in one place.
 */
export function requireDeclaredRoutes(app: FastifyInstance, declared: readonly Endpoint[]): void {
  const known = new Set(declared.map((endpoint) => `${endpoint.method} ${endpoint.path}`));
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api/') || route.url.startsWith('/api/docs')) return;
    for (const method of [route.method].flat()) {
      if (method === 'HEAD' || known.has(`${method} ${route.url}`)) continue;
      throw new Error(`${method} ${route.url} is not declared in packages/shared/src/contract`);
    }
  });
}
