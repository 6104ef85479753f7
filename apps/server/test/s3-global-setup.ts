import type { TestProject } from 'vitest/node';
import { startLocalS3 } from './s3-server';

/**
 * Gives the API test projects an S3-compatible server for the image tests that run on both
 * stores: the one at TEST_S3_ENDPOINT when set (it must accept the access key S3RVER with the
 * secret S3RVER, as a MinIO started with those does), otherwise s3rver started here for the run.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const given = process.env.TEST_S3_ENDPOINT;
  if (given) {
    project.provide('s3Endpoint', given);
    return async () => {};
  }
  const s3 = await startLocalS3();
  project.provide('s3Endpoint', s3.endpoint);
  return () => s3.close();
}
