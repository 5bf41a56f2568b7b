import { isPublicRoute } from '../../server/rest/route-kit.ts';

export interface RouteEntry {
  method: string;
  path: string;
  isPublic: boolean;
}

export interface LayerLike {
  rawPath?: unknown;
  route?: { path: string; methods: Record<string, boolean>; stack: { handle: unknown }[] };
  handle?: { stack?: LayerLike[] };
}

/** Every route of the Express app, with the mount prefixes of the routers it sits in (Express 5 / router 2). */
export function routesOf(stack: LayerLike[], prefix = ''): RouteEntry[] {
  const routes: RouteEntry[] = [];
  for (const layer of stack) {
    if (layer.route) {
      const finalHandler = layer.route.stack.at(-1)?.handle;
      for (const [method, enabled] of Object.entries(layer.route.methods)) {
        if (enabled)
          routes.push({ method: method.toUpperCase(), path: `${prefix}${layer.route.path}`, isPublic: isPublicRoute(finalHandler) });
      }
    } else if (layer.handle?.stack) {
      const mount = typeof layer.rawPath === 'string' && layer.rawPath !== '/' ? layer.rawPath : '';
      routes.push(...routesOf(layer.handle.stack, `${prefix}${mount}`));
    }
  }
  return routes;
}
