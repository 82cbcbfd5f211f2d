import { create } from 'zustand';
import { type ApiClient, ApiError } from '../api/client';

export interface SessionUser {
  id?: string | number;
  username?: string;
  name?: string;
  nick?: string;
}
export interface Organisation {
  id?: string | number;
  name?: string;
}

interface Me {
  user: SessionUser;
  organisation: Organisation | null;
  permissions: string[];
}

interface SessionState {
  status: 'unknown' | 'signedOut' | 'signedIn';
  user: SessionUser | null;
  organisation: Organisation | null;
  permissions: ReadonlySet<string>;
  /** asks the server who is signed in (the cookie decides) */
  load: (client: ApiClient) => Promise<void>;
  signIn: (client: ApiClient, username: string, password: string) => Promise<void>;
  signOut: (client: ApiClient) => Promise<void>;
  /** the 401 handler of the API client */
  expire: () => void;
  /** for tests and the server-less preview */
  setSession: (me: Me) => void;
}

export const useSessionStore = create<SessionState>((set, get) => ({
  status: 'unknown',
  user: null,
  organisation: null,
  permissions: new Set(),
  async load(client) {
    try {
      get().setSession(await client.request<Me>({ path: '/v3/auth/me' }));
    } catch (error) {
      if (error instanceof ApiError && (error.status === 401 || error.status === 403)) get().expire();
      else throw error;
    }
  },
  async signIn(client, username, password) {
    await client.request({ path: '/v3/auth/login', body: { username, password } });
    await get().load(client);
  },
  async signOut(client) {
    try {
      await client.request({ path: '/v3/auth/logout' });
    } finally {
      get().expire();
    }
  },
  expire: () => set({ status: 'signedOut', user: null, organisation: null, permissions: new Set() }),
  setSession: (me) =>
    set({
      status: 'signedIn',
      user: me.user,
      organisation: me.organisation ?? null,
      permissions: new Set(me.permissions ?? []),
    }),
}));

/** Whether the signed-in user holds a permission key (no key: always). */
export function useCan(): (key: string | undefined | null) => boolean {
  const permissions = useSessionStore((s) => s.permissions);
  return (key) => !key || permissions.has(key);
}
