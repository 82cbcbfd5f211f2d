/** Who is calling, as the auth hook establishes it (cookie session or bearer token); null when nobody signed in. */
export interface RequestAuth {
  readonly userId: number;
  readonly username: string;
  /** the name the console shows (creator and modifier names) */
  readonly name: string;
  /** the caller's organisation (tenant): every read and write is scoped to it */
  readonly organizationId: number;
  /** the permission keys of the caller's roles (spec keys such as `qc-scheme.edit`) */
  readonly permissions: ReadonlySet<string>;
  /** a backend service calling with a bearer token rather than a person with a cookie */
  readonly service: boolean;
  /** the agent this user is (agents see their own results and file complaints); null for other users */
  readonly agentId: number | null;
}

declare module 'fastify' {
  interface FastifyRequest {
    auth: RequestAuth | null;
  }
}
