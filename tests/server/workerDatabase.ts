/** The PostgreSQL database of one vitest worker of the server suite (see globalSetup.ts). */
export function workerDatabaseName(poolId: number): string {
  return `wenping_test_w${poolId}`;
}

/** TEST_DATABASE_URL with the database of this worker in place of the one named there. */
export function workerDatabaseUrl(base: string, poolId = Number(process.env.VITEST_POOL_ID ?? '1')): string {
  const url = new URL(base);
  url.pathname = `/${workerDatabaseName(poolId)}`;
  return url.toString();
}
