// Types of size-routes.mjs for tooling/size-routes.test.ts.
export interface RouteEntry {
  path: string;
  component: string;
}
export declare function loadPaths(pathsFile: string): Promise<Record<string, unknown>>;
export declare function routeTable(routesSource: string, paths: Record<string, unknown>): RouteEntry[];
export declare function memberRoutes(routes: RouteEntry[]): RouteEntry[];
export declare function lazyModules(routesSource: string): Map<string, string>;
