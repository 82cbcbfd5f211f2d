// comlink ships this adapter's types as `node-adapter.d.ts` beside the `.mjs`, which NodeNext resolution does not
// pick up for an `.mjs` specifier; this declares the same signature.
declare module 'comlink/dist/esm/node-adapter.mjs' {
  import type { Endpoint } from 'comlink';

  export interface NodeEndpoint {
    postMessage(message: unknown, transfer?: readonly unknown[]): void;
    on(type: string, listener: (value: unknown) => void): void;
    off(type: string, listener: (value: unknown) => void): void;
    start?: () => void;
  }

  export default function nodeEndpoint(nep: NodeEndpoint): Endpoint;
}
