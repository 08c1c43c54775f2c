// Setup file of the server-pglite project (vitest.config.ts): its files run on PGlite even when the
// run's DATABASE_URL points the server project at a PostgreSQL server.
delete process.env.DATABASE_URL;
