import { defineConfig } from 'drizzle-kit';

// `npm run db:generate -w @qcdesk/server` writes SQL migrations into ./drizzle from the schema.
export default defineConfig({
  dialect: 'postgresql',
  schema: './src/db/schema/index.ts',
  out: './drizzle',
});
