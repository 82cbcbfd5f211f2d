import type { ComponentType, ReactNode } from 'react';
import type { QueryInput, RouteLocation } from '../src/router/location';
import { navigate, useLocation } from '../src/router/router-store';

type Screen = ComponentType<{ location: RouteLocation }>;
type Draw = (location: RouteLocation) => ReactNode;

function Followed({ draw, path }: { draw: Draw; path: string }) {
  const current = useLocation();
  return <>{draw(current.path === path ? current : { path, query: {} })}</>;
}

/**
 * A list screen drawn at its route, following the router as the console's RouteView does: its place (filters, page,
 * sort) is the route's query, so a test of a list sees what a change of place does.
 */
export function drawAtRoute(draw: Draw, path: string, query: QueryInput = {}): ReactNode {
  navigate(path, query, { replace: true });
  return <Followed draw={draw} path={path} />;
}

/** A list screen component at its route (see `drawAtRoute`). */
export function atRoute(Screen: Screen, path: string, query: QueryInput = {}): ReactNode {
  return drawAtRoute((location) => <Screen location={location} />, path, query);
}
