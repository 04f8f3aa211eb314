import path from 'node:path';
import ts from 'typescript';
import type { Plugin } from 'vite';

const contractDir = path.resolve(import.meta.dirname, '../../packages/shared/src/contract');

/**
 * The browser needs only each endpoint's method and path: the typed client takes its types from
 * the declarations at build time, and the server validates. So in the web's bundle every contract
 * file (`packages/shared/src/contract/<module>.ts`) becomes `{ name: { method, path } }`, and no
 * zod schema is shipped for it — the public pages stay as light as they were before the contract.
 * A declaration this cannot read (not `name: endpoint({ method: '…', path: '…', … })`) fails the
 * build rather than shipping something else.
 */
export function contractRoutesOnly(): Plugin {
  return {
    name: 'mutual-contract-routes-only',
    enforce: 'pre',
    transform(code, id) {
      const file = id.split('?')[0] ?? id;
      if (path.dirname(file) !== contractDir || ['endpoint.ts', 'index.ts'].includes(path.basename(file))) return;
      return { code: routesOf(file, code), map: null };
    },
  };
}

function routesOf(file: string, code: string): string {
  const source = ts.createSourceFile(file, code, ts.ScriptTarget.Latest, true);
  const fail = (node: ts.Node, why: string): never => {
    const { line } = source.getLineAndCharacterOfPosition(node.getStart());
    throw new Error(`${file}:${line + 1}: ${why}`);
  };
  const text = (object: ts.ObjectLiteralExpression, key: string): string => {
    const property = object.properties.find(
      (p): p is ts.PropertyAssignment => ts.isPropertyAssignment(p) && p.name.getText() === key,
    );
    if (!property || !ts.isStringLiteral(property.initializer))
      return fail(object, `"${key}" must be a string literal`);
    return property.initializer.text;
  };

  const modules: string[] = [];
  for (const statement of source.statements) {
    if (!ts.isVariableStatement(statement)) continue;
    if (!statement.modifiers?.some((m) => m.kind === ts.SyntaxKind.ExportKeyword)) continue;
    for (const declaration of statement.declarationList.declarations) {
      const name = declaration.name.getText();
      // Only the `…Api` objects are the contract; anything else exported (a schema) is not shipped.
      if (!name.endsWith('Api')) continue;
      const endpoints = declaration.initializer;
      if (!endpoints || !ts.isObjectLiteralExpression(endpoints)) return fail(declaration, `${name} must be an object`);
      const routes = endpoints.properties.map((property) => {
        if (!ts.isPropertyAssignment(property)) return fail(property, 'each endpoint must be `name: endpoint({…})`');
        const call = property.initializer;
        const argument = ts.isCallExpression(call) ? call.arguments[0] : undefined;
        if (!argument || !ts.isObjectLiteralExpression(argument)) return fail(property, 'expected endpoint({…})');
        const route = { method: text(argument, 'method'), path: text(argument, 'path') };
        return `${property.name.getText()}: ${JSON.stringify(route)}`;
      });
      modules.push(`export const ${name} = { ${routes.join(', ')} };`);
    }
  }
  return modules.join('\n');
}
