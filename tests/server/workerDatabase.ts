/**
 * The PostgreSQL database of one vitest worker of the server suite (see globalSetup.ts). The
 * names carry the run's own tag (TEST_DB_RUN, set by globalSetup.ts before the workers start
 * and inherited by them), so that two runs on one machine never drop each other's databases.
 */
export function workerDatabaseName(poolId: number, run = process.env.TEST_DB_RUN ?? 'local'): string {
  return `wenping_test_${run}_w${poolId}`;
}

/** TEST_DATABASE_URL with the database of this worker in place of the one named there. */
export function workerDatabaseUrl(base: string, poolId = Number(process.env.VITEST_POOL_ID ?? '1')): string {
  const url = new URL(base);
  url.pathname = `/${workerDatabaseName(poolId)}`;
  return url.toString();
}

/**
 * CI and whoever sets REQUIRE_POSTGRES=1 must not pass with the PostgreSQL suites (or the nginx
 * one) skipped: there a missing TEST_DATABASE_URL or nginx fails the run.
 */
export function postgresRequired(env: NodeJS.ProcessEnv = process.env): boolean {
  const truthy = (value: string | undefined) => !!value && value !== '0' && value.toLowerCase() !== 'false';
  return truthy(env.REQUIRE_POSTGRES) || truthy(env.CI);
}
