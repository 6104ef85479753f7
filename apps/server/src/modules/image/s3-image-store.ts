import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
  type ListObjectsV2CommandOutput,
} from '@aws-sdk/client-s3';
import { IMAGE_FILE_NAME_PATTERN } from '@rescuedesk/shared';
import type { ImageStorageConfig } from '../../config';
import { areaOf, imageKey, ngoOfArea, ObjectStoreUnavailableError, type ImageRef, type ImageStore, type ListedObject, type StoredObject } from './image.store';

type S3Config = Extract<ImageStorageConfig, { kind: 's3' }>;

/**
 * Images in an S3-compatible bucket (AWS S3, MinIO, Cloudflare R2, Ceph, ...), shared by every
 * server instance. The bucket stays private: objects are read with the server's credentials and
 * streamed to the browser by the image route after its access check; no presigned or public URL is
 * ever made. Keys follow the disk layout (`ngo-<id>/<name>`, `ngo-<id>/thumbs/<width>/<name>`).
 */
export class S3ImageStore implements ImageStore {
  readonly kind = 's3';
  readonly description: string;
  private readonly client: S3Client;
  private readonly bucket: string;

  constructor(config: S3Config) {
    this.bucket = config.bucket;
    this.description = `the bucket ${config.bucket}${config.endpoint ? ` at ${config.endpoint}` : ''}`;
    this.client = createS3Client(config);
  }

  /** Checks the bucket: a missing bucket or refused credentials stop the start with a clear message. */
  async init(): Promise<void> {
    try {
      await this.client.send(new HeadBucketCommand({ Bucket: this.bucket }));
    } catch (err) {
      const status = statusOf(err);
      if (status === 404) throw new Error(`The image bucket ${this.bucket} does not exist (S3_BUCKET); create it first.`);
      if (status === 401 || status === 403) throw new Error(`The image bucket ${this.bucket} refused these credentials (S3_ACCESS_KEY_ID / S3_SECRET_ACCESS_KEY).`);
      throw new ObjectStoreUnavailableError('check', err);
    }
  }

  /**
   * One PUT of the whole object: S3 makes it visible only once complete, so there is nothing like a
   * temporary file to clean up. Content-MD5 lets the store refuse bytes damaged on the way; the
   * SHA-256 kept as metadata lets a backup or `images:to-s3` check the object later.
   */
  async put(ref: ImageRef, data: Buffer, contentType: string): Promise<void> {
    await this.call('write', () =>
      this.client.send(
        new PutObjectCommand({
          Bucket: this.bucket,
          Key: imageKey(ref),
          Body: data,
          ContentType: contentType,
          ContentLength: data.length,
          ContentMD5: createHash('md5').update(data).digest('base64'),
          Metadata: { sha256: createHash('sha256').update(data).digest('hex') },
        }),
      ),
    );
  }

  async open(ref: ImageRef): Promise<StoredObject | undefined> {
    const key = imageKey(ref);
    const response = await this.call('read', () => this.client.send(new GetObjectCommand({ Bucket: this.bucket, Key: key })), { missingIsUndefined: true });
    if (!response) return undefined;
    if (!(response.Body instanceof Readable)) throw new ObjectStoreUnavailableError('read', new Error(`no body for ${key}`));
    return { body: response.Body, size: response.ContentLength };
  }

  async read(ref: ImageRef): Promise<Buffer | undefined> {
    const opened = await this.open(ref);
    if (!opened) return undefined;
    const chunks: Buffer[] = [];
    try {
      for await (const chunk of opened.body) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as Uint8Array));
    } catch (err) {
      throw new ObjectStoreUnavailableError('read', err);
    }
    return Buffer.concat(chunks);
  }

  async remove(ngoId: number | null, fileName: string): Promise<void> {
    await this.deleteKey(imageKey({ ngoId, fileName }));
    await this.removeThumbnails(ngoId, fileName);
  }

  async *list(): AsyncIterable<ListedObject[]> {
    for await (const page of this.pages({ Delimiter: '/' })) {
      for (const { Prefix: prefix } of page.CommonPrefixes ?? []) {
        const ngoId = prefix ? ngoOfArea(prefix.slice(0, -1)) : undefined;
        if (ngoId === undefined || !prefix) continue;
        // The delimiter keeps thumbs/ out: only objects directly in the area are listed.
        for await (const objects of this.pages({ Prefix: prefix, Delimiter: '/' })) {
          const listed = (objects.Contents ?? []).flatMap((o) =>
            o.Key ? [{ ngoId, name: o.Key.slice(prefix.length), modifiedMs: o.LastModified?.getTime() ?? Date.now(), location: o.Key }] : [],
          );
          if (listed.length > 0) yield listed;
        }
      }
    }
  }

  async discard(item: ListedObject): Promise<void> {
    await this.deleteKey(item.location);
    if (IMAGE_FILE_NAME_PATTERN.test(item.name)) await this.removeThumbnails(item.ngoId, item.name);
  }

  async close(): Promise<void> {
    this.client.destroy();
  }

  /** Thumbnails sit under `<area>/thumbs/<width>/`: the widths are read from the bucket, as the disk store reads its folders. */
  private async removeThumbnails(ngoId: number | null, fileName: string): Promise<void> {
    const thumbs = `${areaOf(ngoId)}/thumbs/`;
    const widths: string[] = [];
    for await (const page of this.pages({ Prefix: thumbs, Delimiter: '/' })) {
      for (const { Prefix: prefix } of page.CommonPrefixes ?? []) if (prefix && /^\d+\/$/.test(prefix.slice(thumbs.length))) widths.push(prefix);
    }
    await Promise.all(widths.map((prefix) => this.deleteKey(`${prefix}${fileName}`)));
  }

  private async deleteKey(key: string): Promise<void> {
    await this.call('delete', () => this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: key })));
  }

  private async *pages(input: { Prefix?: string; Delimiter?: string }): AsyncIterable<ListObjectsV2CommandOutput> {
    let token: string | undefined;
    do {
      const page = await this.call('list', () => this.client.send(new ListObjectsV2Command({ Bucket: this.bucket, ...input, ContinuationToken: token })));
      yield page;
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
  }

  /** Every failure of the store becomes ObjectStoreUnavailableError (503); a missing object may be answered as undefined. */
  private async call<T>(operation: string, send: () => Promise<T>): Promise<T>;
  private async call<T>(operation: string, send: () => Promise<T>, options: { missingIsUndefined: true }): Promise<T | undefined>;
  private async call<T>(operation: string, send: () => Promise<T>, options?: { missingIsUndefined: true }): Promise<T | undefined> {
    try {
      return await send();
    } catch (err) {
      if (options?.missingIsUndefined && statusOf(err) === 404 && (err as Error).name !== 'NoSuchBucket') return undefined;
      throw new ObjectStoreUnavailableError(operation, err);
    }
  }
}

/**
 * The SDK client for RescueDesk's bucket. Checksums: the SDK's newer default (CRC32 headers, and
 * aws-chunked bodies with trailing checksums) is not understood by every S3-compatible store, so
 * integrity is asked for the way all of them support, with Content-MD5 on each PUT. Short
 * connect and request timeouts turn a store that hangs into a quick 503.
 */
export function createS3Client(config: S3Config): S3Client {
  return new S3Client({
    region: config.region,
    ...(config.endpoint ? { endpoint: config.endpoint } : {}),
    forcePathStyle: config.forcePathStyle,
    ...(config.credentials ? { credentials: config.credentials } : {}),
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    maxAttempts: 3,
    requestHandler: { connectionTimeout: 2_000, requestTimeout: 30_000 },
  });
}

function statusOf(err: unknown): number | undefined {
  return (err as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;
}
