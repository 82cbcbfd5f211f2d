#!/usr/bin/env node
// Thin launcher so that npm can link the bin before the first build has run.
import { main } from '../dist/cli/main.js';

process.exitCode = await main(process.argv.slice(2));
