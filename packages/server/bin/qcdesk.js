#!/usr/bin/env node
// `qcdesk import | run | worker`: the server's command line, run from its TypeScript source through tsx.
import { register } from 'tsx/esm/api';

register();
const { main } = await import('../src/cli/main.ts');
process.exitCode = await main(process.argv.slice(2));
