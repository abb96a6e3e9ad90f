// The route table of the web app as the router really declares it, for scripts/size.mjs: each
// `<Route path={…} element={…} />` of app-routes.tsx with its path worked out from the paths object of
// src/lib/paths.ts (the router takes every path from there), and the lazy screen its element renders.
import { readFileSync } from 'node:fs';
import ts from 'typescript';

/**
 * The paths object of a paths.ts module, evaluated: the module is compiled to plain JS and imported, so a
 * path that is a function (`socialRegister('naver')`) or a nested object reads as the router reads it.
 */
export async function loadPaths(pathsFile) {
  const { outputText } = ts.transpileModule(readFileSync(pathsFile, 'utf8'), {
    compilerOptions: { module: ts.ModuleKind.ESNext, target: ts.ScriptTarget.ES2022 },
  });
  const module = await import(`data:text/javascript;base64,${Buffer.from(outputText).toString('base64')}`);
  if (!module.paths) throw new Error(`${pathsFile} exports no paths object`);
  return module.paths;
}

/** The text of a `{…}` JSX expression that opens at `start`, braces inside template literals included. */
function braced(source, start) {
  let depth = 0;
  for (let i = start; i < source.length; i++) {
    if (source[i] === '{') depth++;
    else if (source[i] === '}' && --depth === 0) return source.slice(start + 1, i);
  }
  throw new Error(`an unclosed { at offset ${start} of the routes file`);
}

/**
 * The routes of an app-routes.tsx source: `{ path, component }` for each `<Route path=… element=…>`, in
 * order. A path is a string (`path="/x"`) or an expression over `paths` (`path={paths.order}`,
 * ``path={`${paths.admin.dashboard}/*`}``); an expression that does not evaluate to a string is an error,
 * so a route the check cannot read fails loudly instead of being left out. The component is the element's
 * tag, or, for an element held in a variable first (`const qnaRoute = … <FaqRoute />`), that tag.
 */
export function routeTable(routesSource, paths) {
  const elementVariables = new Map(
    [...routesSource.matchAll(/const (\w+) = [^;]*?<(\w+)/g)].map((m) => [m[1], m[2]]),
  );
  const routes = [];
  for (const match of routesSource.matchAll(/<Route\s+path=/g)) {
    const at = match.index + match[0].length;
    let path;
    let rest;
    if (routesSource[at] === '"') {
      const end = routesSource.indexOf('"', at + 1);
      path = routesSource.slice(at + 1, end);
      rest = routesSource.slice(end + 1);
    } else if (routesSource[at] === '{') {
      const expression = braced(routesSource, at);
      path = new Function('paths', `return (${expression});`)(paths);
      if (typeof path !== 'string') throw new Error(`the route path {${expression}} is not a string`);
      rest = routesSource.slice(at + expression.length + 2);
    } else {
      throw new Error(`a route path at offset ${at} is neither "…" nor {…}`);
    }
    const element = /^\s+element=\{(<?)(\w+)/.exec(rest);
    if (!element) throw new Error(`the route ${path} has no element={…} after its path`);
    routes.push({
      path,
      component: element[1] ? element[2] : (elementVariables.get(element[2]) ?? element[2]),
    });
  }
  return routes;
}

/**
 * The pages a member opens, from a route table: every route but the wildcard ones, which are the
 * operator console's mount (`/admin/*`, its own router below it) and the fallback redirect (`*`).
 */
export function memberRoutes(routes) {
  return routes.filter((route) => !route.path.includes('*'));
}

/** The lazy screens of an app-routes.tsx source: component name → module under src (`features/…`). */
export function lazyModules(routesSource) {
  return new Map(
    [...routesSource.matchAll(/const (\w+) = lazyScreen\(\s*\(\) =>\s*import\('@\/([^']+)'\)/g)].map((m) => [
      m[1],
      m[2],
    ]),
  );
}
