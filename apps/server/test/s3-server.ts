// s3rver ships no types: the reference carries its declaration to every project importing this file (bench too).
// eslint-disable-next-line @typescript-eslint/triple-slash-reference
/// <reference path="./s3rver.d.ts" />
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { CreateBucketCommand, S3Client } from '@aws-sdk/client-s3';
import S3rver from 's3rver';

/**
 * A local S3-compatible server for tests, drills and the deploy walk-through: s3rver, in this
 * process, on a throwaway folder (docs/decisions/010 says what it does not check). Its fixed
 * credentials are S3RVER / S3RVER.
 */
export const S3RVER_CREDENTIALS = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' } as const;

export interface LocalS3 {
  endpoint: string;
  close(): Promise<void>;
}

export async function startLocalS3(options: { port?: number; directory?: string } = {}): Promise<LocalS3> {
  const directory = options.directory ?? fs.mkdtempSync(path.join(os.tmpdir(), 'rescuedesk-s3-'));
  const server = new S3rver({ address: '127.0.0.1', port: options.port ?? 0, silent: true, directory });
  const { port } = await server.run();
  return {
    endpoint: `http://127.0.0.1:${port}`,
    close: async () => {
      await server.close();
      if (!options.directory) fs.rmSync(directory, { recursive: true, force: true });
    },
  };
}

/** The S3_* settings of a new, empty bucket on the local server. */
export async function createLocalBucket(endpoint: string, name = `rd-test-${randomUUID().slice(0, 12)}`): Promise<Record<string, string>> {
  const client = new S3Client({ endpoint, region: 'us-east-1', forcePathStyle: true, credentials: S3RVER_CREDENTIALS });
  try {
    await client.send(new CreateBucketCommand({ Bucket: name }));
  } finally {
    client.destroy();
  }
  return {
    S3_BUCKET: name,
    S3_ENDPOINT: endpoint,
    S3_REGION: 'us-east-1',
    S3_FORCE_PATH_STYLE: 'true',
    S3_ACCESS_KEY_ID: S3RVER_CREDENTIALS.accessKeyId,
    S3_SECRET_ACCESS_KEY: S3RVER_CREDENTIALS.secretAccessKey,
  };
}
