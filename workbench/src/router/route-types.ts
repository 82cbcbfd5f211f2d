import type { PermissionKey } from '@qcdesk/contracts';
import type { ComponentType } from 'react';
import type { MessageKey } from '../i18n/dictionary';
import type { RouteLocation } from './location';

export type AreaKey = 'qc' | 'online' | 'ticket' | 'censor' | 'monitor' | 'system';

/** One screen: its hash path, the component that renders it, and who may see it. */
export interface RouteDefinition {
  path: string;
  area: AreaKey;
  /** the page or modal title; by the location where it differs (a create form and the same form editing) */
  title: MessageKey | ((location: RouteLocation) => MessageKey);
  component: ComponentType<{ location: RouteLocation }>;
  /** needed to open the screen (none: any signed-in user) */
  permission?: PermissionKey;
  /** the list that lies under this route when it is opened directly as a modal */
  parent?: RouteLocation;
}

/** The title key of a route at a location. */
export function routeTitle(route: RouteDefinition, location: RouteLocation): MessageKey {
  return typeof route.title === 'function' ? route.title(location) : route.title;
}

/** A side-navigation entry of an area. */
export interface NavEntry {
  label: MessageKey;
  to: RouteLocation;
  permission?: PermissionKey;
}

export interface NavArea {
  key: AreaKey;
  label: MessageKey;
  entries: NavEntry[];
}
