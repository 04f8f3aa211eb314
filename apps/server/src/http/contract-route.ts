import type { Endpoint } from '@mutual/shared/contract/endpoint';

type Status<E extends Endpoint> = E['status'] extends 201 | 204 ? E['status'] : 200;

/** The Fastify schema an endpoint declares: Fastify validates with it and OpenAPI is made from it. */
type SchemaOf<E extends Endpoint> = {
  tags: string[];
  summary: string;
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
  const { method, path, tags, summary, params, query, headers, body, response, multipart } = declaration;
  const schema = {
    tags: [...tags],
    summary,
    params,
    querystring: query,
    headers,
    // A multipart body is read by the route itself, part by part; the schema only documents it.
    body: multipart ? undefined : body,
    ...(multipart && { consumes: ['multipart/form-data'] }),
    response: response ? { [declaration.status ?? 200]: response } : undefined,
  };
  return { method, url: path, schema: schema as SchemaOf<E> };
}
