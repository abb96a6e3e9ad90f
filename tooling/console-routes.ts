import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';

/**
 * The console's route files speak HTTP to the services they are handed; every service is built once
 * by the server's composition root (apps/server/src/compose.ts). A `new` of one of the project's own
 * classes in a route file is a second copy of a service (with its own caches and settings) that the
 * rest of the app never sees.
 */
export const CONSOLE_ROUTES_DIR = 'apps/server/src/admin';

/** The console's route files under `root` (paths relative to it). */
export function consoleRouteFiles(root: string): string[] {
  return readdirSync(join(root, CONSOLE_ROUTES_DIR), { recursive: true, encoding: 'utf8' })
    .filter((name) => name.endsWith('.routes.ts'))
    .map((name) => relative(root, join(root, CONSOLE_ROUTES_DIR, name)))
    .sort();
}

/** A module of the project: a relative import or a workspace package, not a third-party one. */
const isProjectModule = (specifier: string) => specifier.startsWith('.') || specifier.startsWith('@smm/');

/**
 * Every `new X(…)` in `source` whose class is the project's own (imported from the project, or a
 * class declared in the file): `line: new X` for each. Built-ins and third-party classes (`new Map`)
 * are not services and pass.
 */
export function constructedServices(fileName: string, source: string): string[] {
  const file = ts.createSourceFile(fileName, source, ts.ScriptTarget.Latest, true);
  const projectNames = new Set<string>();
  for (const statement of file.statements) {
    if (ts.isImportDeclaration(statement) && ts.isStringLiteral(statement.moduleSpecifier)) {
      if (!isProjectModule(statement.moduleSpecifier.text)) continue;
      const clause = statement.importClause;
      if (clause?.name) projectNames.add(clause.name.text);
      const bindings = clause?.namedBindings;
      if (bindings && ts.isNamedImports(bindings))
        for (const e of bindings.elements) projectNames.add(e.name.text);
      if (bindings && ts.isNamespaceImport(bindings)) projectNames.add(bindings.name.text);
    }
  }
  const found: string[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isClassDeclaration(node) && node.name) projectNames.add(node.name.text);
    ts.forEachChild(node, visit);
  };
  visit(file);
  const check = (node: ts.Node): void => {
    if (ts.isNewExpression(node)) {
      let root: ts.Expression = node.expression;
      while (ts.isPropertyAccessExpression(root)) root = root.expression;
      if (ts.isIdentifier(root) && projectNames.has(root.text)) {
        const { line } = file.getLineAndCharacterOfPosition(node.getStart(file));
        found.push(`${line + 1}: new ${node.expression.getText(file)}`);
      }
    }
    ts.forEachChild(node, check);
  };
  check(file);
  return found;
}

/** Each console route file that builds a service, with what it builds. */
export function consoleRoutesThatConstruct(root: string): Record<string, string[]> {
  const offenders: Record<string, string[]> = {};
  for (const path of consoleRouteFiles(root)) {
    const found = constructedServices(path, readFileSync(join(root, path), 'utf8'));
    if (found.length > 0) offenders[path] = found;
  }
  return offenders;
}
