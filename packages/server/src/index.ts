/** @qcdesk/server — the console's HTTP API as a library: build the app on a database, or start the whole server. */
export { readServerConfig, type ServerConfig } from './config/server-config.js';
export { type Database, type OpenDatabase, openDatabase } from './db/connect.js';
export { ApiError } from './http/api-error.js';
export { type AppDependencies, buildApp } from './http/build-app.js';
export { type RunningServer, startServer } from './start-server.js';
