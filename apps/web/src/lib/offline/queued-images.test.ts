import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../api-client';

const submitted: Array<{ key: string; tempName?: string }> = [];
vi.mock('./app-outbox', () => ({
  QUEUED_IMAGE_NAME: /^[0-9a-f]{8}-[0-9a-f]{4}-0[0-9a-f]{3}-[0-9a-f]{4}-[0-9a-f]{12}\.jpg$/,
  newQueuedImageName: () => '0b1c2d3e-4f50-0617-8293-a4b5c6d7e8f9.jpg',
  appOutbox: () => ({
    submit: (entry: { key: string; tempName?: string }) => {
      submitted.push(entry);
      return Promise.resolve({ sent: false });
    },
  }),
}));

const { sendOrQueuePhoto } = await import('./queued-images');

const photo = { fieldName: 'AnimalPictures', ngoId: 1, file: new File(['x'], 'dog.jpg', { type: 'image/jpeg' }), originalBytes: 1 };

afterEach(() => {
  submitted.length = 0;
});

describe('sendOrQueuePhoto', () => {
  it('queues a photo whose upload got no answer under the key the upload was sent with, so the server stores it once', async () => {
    const keys: string[] = [];
    const name = await sendOrQueuePhoto((key) => {
      keys.push(key);
      return Promise.reject(new ApiError(0, 'No network'));
    }, photo);
    expect(name).toBe('0b1c2d3e-4f50-0617-8293-a4b5c6d7e8f9.jpg');
    expect(keys).toHaveLength(1);
    expect(keys[0]).toMatch(/^[0-9a-f]{32}$/);
    expect(submitted.map((entry) => entry.key)).toEqual(keys);
  });

  it('gives each photo a key of its own', async () => {
    const keys: string[] = [];
    await sendOrQueuePhoto((key) => (keys.push(key), Promise.resolve('a.jpg')), photo);
    await sendOrQueuePhoto((key) => (keys.push(key), Promise.resolve('b.jpg')), photo);
    expect(new Set(keys).size).toBe(2);
    expect(submitted).toHaveLength(0);
  });

  it('does not queue a photo the server refused: the user sees why', async () => {
    await expect(sendOrQueuePhoto(() => Promise.reject(new ApiError(415, 'Only images are accepted')), photo)).rejects.toThrow('Only images are accepted');
    expect(submitted).toHaveLength(0);
  });
});
